import { type ComponentType, use } from "react";

/**
 * A component whose code is its own chunk, loaded when it first renders (or earlier, by `preload`). Unlike
 * React.lazy, once the code has arrived it renders at once, without a round through its Suspense fallback:
 * jumping to a landing section renders every section in one commit, so the target does not move.
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed download (a network blip, a deploy that replaced the files) is tried again next time.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function Lazy(props: Props) {
    const Loaded = loaded ?? use(preload());
    return <Loaded {...props} />;
  }
  return { Component: Lazy, preload };
}
