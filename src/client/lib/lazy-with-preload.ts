import { type ComponentType, lazy } from 'react';

/**
 * React.lazy for code that can be asked to start loading early (`preload`).
 *
 * React.lazy suspends on a component's first render even when its code arrived long before, because a promise never
 * answers at once: the nearest fallback shows, and React then holds the finished content back for its reveal
 * throttle of 300 ms. So once the code is here, the loader hands React.lazy a thenable that answers at once, which
 * it reads before deciding to suspend, and the component renders in the same pass.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>) {
  type T = ComponentType<P>;
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Component = lazy(() => {
    if (!loaded) return preload().then((component) => ({ default: component }));
    const module = { default: loaded };
    const answered: PromiseLike<typeof module> = {
      then: (onFulfilled) => (onFulfilled ? onFulfilled(module) : module) as never,
    };
    return answered as Promise<typeof module>;
  });
  return { Component, preload };
}
