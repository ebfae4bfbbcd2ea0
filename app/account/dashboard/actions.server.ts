import { data, type RouterContextProvider } from "react-router";
import type { Language } from "../../../common/languages";
import { privateNoStore } from "../../cache-control";

export async function dashboardAction(
  _context: Readonly<RouterContextProvider>,
  _request: Request,
  _form: Record<string, FormDataEntryValue>,
  _language: Language,
) {
  return data({ state: "unknown" as const }, { status: 400, headers: privateNoStore });
}
