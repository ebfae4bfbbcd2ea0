import { type ChangeEvent, type SelectHTMLAttributes, useEffect, useState } from "react";
import { setElsewhere, useServerHtmlAtMount } from "../components/use-server-html-at-mount";
import { useLanguage } from "../i18n/use-language";
import { type CountryOption, countryOptions, countryOptionsPath } from "./countries";

interface CountrySelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "children" | "onChange"> {
  /** The first, empty choice ("Choose your country"). */
  placeholder: string;
  /** A country chosen: its code and its name as the list shows it. */
  onChoose?: (code: string, name: string) => void;
}

/**
 * The list of 249 countries, which costs a script nothing. The server writes the options into the page and
 * hydration keeps them as they are: they never travel as loader data, and React never walks them. A page
 * reached by a client navigation asks for the list (a file the browser keeps for a day); the names always
 * come from the server's Intl data, since browsers name some countries slightly differently, and building
 * a browser's own list would cost a phone a long task.
 */
export function CountrySelect({ placeholder, onChoose, ...attributes }: CountrySelectProps) {
  const serverHtml = useServerHtmlAtMount();
  const options = useCountryOptions(!serverHtml);
  const onChange = (event: ChangeEvent<HTMLSelectElement>) =>
    onChoose?.(event.target.value, event.target.selectedOptions[0]?.text ?? event.target.value);

  if (serverHtml) return <select {...attributes} onChange={onChange} dangerouslySetInnerHTML={setElsewhere} suppressHydrationWarning />;
  return (
    // Mounted again once the list arrives, so that its starting value (`defaultValue`) is selected.
    <select key={options ? "listed" : "waiting"} {...attributes} onChange={onChange}>
      <option value="">{placeholder}</option>
      {options?.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </select>
  );
}

/** On the server, the list; in the browser after a client navigation, the list once fetched. */
function useCountryOptions(fetchInBrowser: boolean): readonly CountryOption[] | undefined {
  const language = useLanguage();
  const [fetched, setFetched] = useState<readonly CountryOption[]>();
  useEffect(() => {
    if (!fetchInBrowser) return;
    let current = true;
    fetch(countryOptionsPath(language))
      .then((response) =>
        response.ok ? (response.json() as Promise<CountryOption[]>) : Promise.reject(new Error(String(response.status))),
      )
      // Unreachable server: the browser's own names, rather than a list the visitor cannot choose from.
      .catch(() => countryOptions(language))
      .then((list) => current && setFetched(list));
    return () => {
      current = false;
    };
  }, [fetchInBrowser, language]);
  return typeof document === "undefined" ? countryOptions(language) : fetched;
}
