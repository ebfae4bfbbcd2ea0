import { useAccountText } from "../text";

export function SignInStart(_props: { answer: unknown }) {
  const { t } = useAccountText();
  return <h1 className="font-display text-3xl font-bold text-white">{t("common.title")}</h1>;
}
