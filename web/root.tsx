import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useNavigation,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import { BottomBar } from "./components/shell/bottom-bar";
import { BrowserState } from "./components/shell/browser-state";
import { useChatShown } from "./components/shell/chat-link";
import { CookieBanner } from "./components/shell/cookie-banner";
import { FlashNotice } from "./components/shell/flash-notice";
import { SiteFooter } from "./components/shell/site-footer";
import { SiteHeader } from "./components/shell/site-header";
import { ScrollRestoration } from "./components/shell/scroll-restoration";
import { OfflineSupport } from "./features/offline/offline-support";
import stylesheet from "./app.css?url";
import { useRootData } from "./lib/root-data";
import { loadRootData } from "./lib/root-data.server";
import { Toasts } from "./lib/toast";

export function loader(args: Route.LoaderArgs) {
  return loadRootData(args);
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const viewer = data?.viewer ?? null;
  const chat = useChatShown(viewer);
  // The admin panel is a tool, not the shop: no shopper's footer (links, Data saver) under it.
  const adminPage = /^\/admin(\/|$)/i.test(useLocation().pathname);
  useEffect(() => {
    // Marks the page as answering clicks: controls only scripts can work (a password's Show
    // button) appear from then on, and end-to-end tests wait for it.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        {/* First, so the page's only render-blocking file is not queued behind the scripts. */}
        <link rel="stylesheet" href={stylesheet} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col bg-white font-sans text-ink antialiased">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-ink px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {data && <SiteHeader viewer={viewer} site={data.site} chat={chat} />}
        <main id="main" className={`flex-1 ${adminPage ? "pb-24 lg:pb-12" : ""}`}>
          {children}
        </main>
        {data && (
          <>
            {!adminPage && <SiteFooter site={data.site} />}
            <BottomBar viewer={viewer} site={data.site} chat={chat} />
            {data.askCookies && <CookieBanner />}
          </>
        )}
        <FlashNotice flash={data?.flash ?? null} />
        <BrowserState
          viewer={viewer}
          guestHasLists={data?.lists?.owner === "guest"}
          dataSaver={data?.dataSaver ?? false}
        />
        <OfflineSupport />
        <Toasts />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The screens behind the auth gate: where they send a visitor depends on who is signed in. */
const AUTH_GATES = /^\/(profile|login|admin\/login)\/?$/i;

export default function App() {
  const navigation = useNavigation();
  // Until the server has said who is signed in, the gate shows its waiting text
  // rather than the page being left, which would look like a click that did nothing.
  if (navigation.state === "loading" && AUTH_GATES.test(navigation.location.pathname)) {
    return (
      <p role="status" className="mx-auto flex min-h-[60vh] max-w-md items-center justify-center px-5 text-stone">
        Loading authentication...
      </p>
    );
  }
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-3xl px-6 py-24 text-center">
      <title>{notFound ? "404 Not Found" : "Something went wrong"}</title>
      <h1 className="font-serif text-4xl">{notFound ? "404 Not Found" : "Something went wrong"}</h1>
      <p className="mt-4 text-stone">{notFound ? "We could not find that page." : "Please try again in a moment."}</p>
      <a href="/" className="mt-8 inline-block rounded-full bg-ink px-6 py-3 text-sm text-white">
        Back to Home
      </a>
    </section>
  );
}
