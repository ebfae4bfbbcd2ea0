import { cardBrandNames, detectCardBrand, formatCardNumber, formatExpiry } from "../../common/card";
import { useTranslation } from "../i18n/use-translation";
import { FormField, inputClass } from "./FormField";
import { type CheckoutField, fieldLimits } from "./fields";

interface CardFieldsProps {
  id: (field: string) => string;
  values: Partial<Record<CheckoutField, string>>;
  errorText: (field: CheckoutField) => string | undefined;
  fieldEvents: (field: CheckoutField) => { onBlur: () => void; onChange: () => unknown };
  /** A new attempt starts with an empty security code: the key changes with each attempt. */
  attemptKey: string;
  brand: ReturnType<typeof detectCardBrand>;
  onBrand: (brand: ReturnType<typeof detectCardBrand>) => void;
  textInput: (field: CheckoutField, attributes: React.InputHTMLAttributes<HTMLInputElement>) => React.ReactNode;
}

/** Card number, expiry and security code, for a gateway that takes the card on this page (the test gateway). */
export function CardFields({ id, values, errorText, fieldEvents, attemptKey, brand, onBrand, textInput }: CardFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="clear-both grid gap-5 sm:grid-cols-[2fr_1fr_1fr]">
      <FormField id={id("cardNumber")} label={t("checkout.fields.cardNumber")} error={errorText("cardNumber")} className="sm:col-span-3">
        {(describedBy, invalid) => (
          <div className="relative">
            <input
              id={id("cardNumber")}
              name="cardNumber"
              defaultValue={values.cardNumber}
              autoComplete="cc-number"
              inputMode="numeric"
              maxLength={fieldLimits.cardNumber}
              placeholder="1234 1234 1234 1234"
              aria-invalid={invalid}
              aria-describedby={[describedBy, id("brand")].filter(Boolean).join(" ")}
              onInput={(event) => {
                const input = event.currentTarget;
                input.value = formatCardNumber(input.value);
                onBrand(detectCardBrand(input.value));
              }}
              {...fieldEvents("cardNumber")}
              className={`${inputClass} pr-40`}
            />
            <p
              id={id("brand")}
              aria-live="polite"
              className="absolute top-1/2 right-4 mt-0.75 -translate-y-1/2 text-sm font-semibold text-accent"
            >
              {brand ? t("checkout.cardBrand", { brand: cardBrandNames[brand] }) : ""}
            </p>
          </div>
        )}
      </FormField>
      {textInput("expiryDate", {
        autoComplete: "cc-exp",
        inputMode: "numeric",
        placeholder: "MM/YY",
        onInput: (event) => {
          const input = event.currentTarget;
          if (!(event.nativeEvent as InputEvent).inputType?.startsWith("delete")) input.value = formatExpiry(input.value);
        },
      })}
      <FormField
        id={id("cvv")}
        label={t("checkout.fields.cvv")}
        error={errorText("cvv")}
        hint={t("checkout.hints.cvv")}
        className="sm:col-span-2"
      >
        {(describedBy, invalid) => (
          <input
            key={attemptKey}
            id={id("cvv")}
            name="cvv"
            autoComplete="cc-csc"
            inputMode="numeric"
            maxLength={4}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            {...fieldEvents("cvv")}
            className={inputClass}
          />
        )}
      </FormField>
    </div>
  );
}
