import { emptyParam, invalidRequest, missingParam, unknownParam } from "./errors.ts";

/** A form-encoded parameter after bracket parsing: `a[b][0]=x` is `{ a: { b: ["x"] } }`. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/**
 * Parses a Rack-style form body or query string, as Stripe's API reads them. Keys numbered 0…n-1 become
 * arrays, which is how the SDK sends them (`line_items[0][quantity]`); `expand[]=a` appends.
 */
export function parseForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const path = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)] : [key];
    assign(root, path, value, key);
  }
  return arraysOf(root) as FormObject;
}

function assign(target: FormValue[] | FormObject, path: string[], value: string, key: string) {
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(target) !== (head === "")) throw invalidRequest(`Invalid request: '${key}' conflicts with another parameter.`, key);
  if (Array.isArray(target)) {
    if (rest.length === 0) {
      target.push(value);
      return;
    }
    // `a[][b]=1&a[][c]=2` describes one element, as Rack reads it: a new one starts when a key repeats.
    const last = target.at(-1);
    const reuse = typeof last === "object" && !Array.isArray(last) && !(rest[0]! in last);
    const element: FormObject = reuse ? last : {};
    if (!reuse) target.push(element);
    assign(element, rest, value, key);
    return;
  }
  const existing = target[head];
  if (rest.length === 0 ? existing !== undefined && typeof existing !== "string" : typeof existing === "string") {
    throw invalidRequest(`Invalid request: '${key}' conflicts with another parameter.`, key);
  }
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const next = (existing ?? (rest[0] === "" ? [] : {})) as FormValue[] | FormObject;
  target[head] = next;
  assign(next, rest, value, key);
}

function arraysOf(value: FormValue): FormValue {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(arraysOf);
  const entries = Object.entries(value).map(([k, v]) => [k, arraysOf(v)] as const);
  const indexed = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return indexed ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

/** One parameter's rules. `known` runs over the whole request first, since Stripe reports unknown parameters before anything else. */
export interface Field<T> {
  readonly required: boolean;
  known?(value: FormValue, param: string): void;
  parse(value: FormValue, param: string): T;
}

type Shape = Record<string, Field<unknown>>;
type ValueOf<F> = F extends Field<infer T> ? T : never;
type IsRequired<F> = F extends { required: true } ? true : false;
export type Parsed<S extends Shape> = { [K in keyof S as IsRequired<S[K]> extends true ? K : never]: ValueOf<S[K]> } & {
  [K in keyof S as IsRequired<S[K]> extends true ? never : K]?: ValueOf<S[K]>;
};

const child = (param: string, key: string | number) => (param ? `${param}[${key}]` : String(key));
const hashOf = (value: FormValue): FormObject | undefined =>
  typeof value === "string" ? undefined : Array.isArray(value) ? Object.fromEntries(value.entries()) : value;
const shown = (value: FormValue) => (typeof value === "string" ? value : JSON.stringify(value));

export function required<T>(field: Field<T>): Field<T> & { required: true } {
  return { ...field, required: true };
}

export function object<S extends Shape>(shape: S): Field<Parsed<S>> {
  return {
    required: false,
    known(value, param) {
      for (const [key, item] of Object.entries(hashOf(value) ?? {})) {
        const field = shape[key];
        if (!field) throw unknownParam(child(param, key));
        field.known?.(item, child(param, key));
      }
    },
    parse(value, param) {
      const hash = hashOf(value);
      if (!hash) throw invalidRequest(`Invalid object`, param);
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        const item = hash[key];
        // An empty string unsets an optional parameter, and is refused for a required one.
        if (item === undefined || item === "") {
          if (field.required) throw item === undefined ? missingParam(child(param, key)) : emptyParam(child(param, key));
          continue;
        }
        out[key] = field.parse(item, child(param, key));
      }
      return out as Parsed<S>;
    },
  };
}

export function array<T>(of: Field<T>, options: { min?: number } = {}): Field<T[]> {
  return {
    required: false,
    known(value, param) {
      if (!Array.isArray(value)) return;
      for (const [i, item] of value.entries()) of.known?.(item, child(param, i));
    },
    parse(value, param) {
      if (!Array.isArray(value)) throw invalidRequest("Invalid array", param);
      if (value.length < (options.min ?? 0)) throw invalidRequest(`${param} must contain at least ${options.min} element(s).`, param);
      return value.map((item, i) => of.parse(item, child(param, i)));
    },
  };
}

export function string(options: { max?: number; check?: (value: string, param: string) => string } = {}): Field<string> {
  return {
    required: false,
    parse(value, param) {
      if (typeof value !== "string") throw invalidRequest(`Invalid string: ${shown(value)}`, param);
      if (options.max !== undefined && value.length > options.max) {
        throw invalidRequest(`Invalid string: ${value.slice(0, 20)}...; must be at most ${options.max} characters`, param);
      }
      if (value.trim() === "") throw invalidRequest(`Invalid string: blank`, param, "parameter_invalid_string_blank");
      return options.check ? options.check(value, param) : value;
    },
  };
}

export function integer(options: { min?: number } = {}): Field<number> {
  return {
    required: false,
    parse(value, param) {
      const number = typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isSafeInteger(number)) throw invalidRequest(`Invalid integer: ${shown(value)}`, param, "parameter_invalid_integer");
      if (options.min !== undefined && number < options.min) {
        throw invalidRequest(`This value must be greater than or equal to ${options.min}.`, param, "parameter_invalid_integer");
      }
      return number;
    },
  };
}

/** `true` or `false`, as the SDK writes a boolean in a form. */
export function boolean(): Field<boolean> {
  return {
    required: false,
    parse(value, param) {
      if (value === "true" || value === "false") return value === "true";
      throw invalidRequest(`Invalid boolean: ${shown(value)}`, param);
    },
  };
}

export function oneOf<const V extends string>(values: readonly V[]): Field<V> {
  return string({
    check(value, param) {
      if ((values as readonly string[]).includes(value)) return value;
      const list = values.length > 1 ? `${values.slice(0, -1).join(", ")}, or ${values.at(-1)}` : values.join("");
      throw invalidRequest(`Invalid ${param}: must be one of ${list}`, param);
    },
  }) as Field<V>;
}

/** Stripe's metadata: at most 50 keys of 40 characters, values of 500; an empty value drops its key. */
export function metadata(): Field<Record<string, string>> {
  return {
    required: false,
    parse(value, param) {
      const hash = hashOf(value);
      if (!hash) throw invalidRequest("Invalid hash", param);
      const entries = Object.entries(hash);
      if (entries.length > 50) throw invalidRequest("Invalid metadata: metadata cannot have more than 50 keys", param);
      const out: Record<string, string> = {};
      for (const [key, item] of entries) {
        if (typeof item !== "string") throw invalidRequest("Invalid metadata: metadata values must be strings", child(param, key));
        if (key.length > 40) throw invalidRequest("Invalid metadata: keys can be at most 40 characters long", child(param, key));
        if (item.length > 500) throw invalidRequest("Invalid metadata: values can be at most 500 characters long", child(param, key));
        if (item !== "") out[key] = item;
      }
      return out;
    },
  };
}

/** Checks a whole request against its endpoint's parameters, in Stripe's order: unknown, then missing, then invalid. */
export function parseParams<S extends Shape>(shape: S, params: FormObject): Parsed<S> {
  const root = object(shape);
  root.known?.(params, "");
  return root.parse(params, "");
}
