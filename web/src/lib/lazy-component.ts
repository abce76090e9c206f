import { createElement, lazy } from "react";
import type { ComponentType } from "react";

/** A component whose code loads on first use; `preload` starts loading it before that. */
export type LazyComponent<P extends object> = ComponentType<P> & { preload(): Promise<unknown> };

const components: LazyComponent<never>[] = [];

/**
 * A component in a chunk of its own (a route's screen, the media players), loaded when it is
 * first rendered (a Suspense boundary shows a loading text meanwhile); once loaded it renders
 * at once. `load` imports the module and picks the component:
 * `lazyComponent(() => import("./x").then((m) => m.XScreen))`.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  // A chunk that failed to load (no network, no service worker yet) is tried again next time.
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Screen = (props: P) => createElement(loaded ?? Lazy, props);
  const component = Object.assign(Screen, { preload });
  components.push(component);
  return component;
}

/** Loads every lazy component created so far (tests: they render the app at once). */
export function preloadAll(): Promise<unknown> {
  return Promise.all(components.map((component) => component.preload()));
}
