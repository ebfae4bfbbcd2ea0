import { useRef } from "react";

export interface LoadedOnFirstUse<T> {
  /** What was loaded, once it has arrived. */
  loaded(): T | undefined;
  /** Starts loading, the first time only; a load that failed is tried again by the next call. */
  start(): Promise<T>;
}

/**
 * A module a page needs only once the visitor starts on something, such as a form's rules: nothing is
 * downloaded or run for a visitor who only reads the page.
 */
export function useLoadedOnFirstUse<T>(load: () => Promise<T>): LoadedOnFirstUse<T> {
  const state = useRef<{ value?: T; loading?: Promise<T> }>({});
  return {
    loaded: () => state.current.value,
    start: () => {
      state.current.loading ??= load().then(
        (value) => {
          state.current.value = value;
          return value;
        },
        (error: unknown) => {
          state.current.loading = undefined;
          throw error;
        },
      );
      return state.current.loading;
    },
  };
}
