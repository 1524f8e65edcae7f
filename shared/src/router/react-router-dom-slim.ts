// What the panel uses of react-router-dom, and nothing else. Every app's
// build resolves 'react-router-dom' to this file (shared/build/
// create-rspack-config.cjs), and it is what the federation shares as the
// one router: a shared module keeps all its exports, so sharing the whole
// package shipped its data routers, fetchers, forms and server helpers too
// (62 kB gz). A name missing here fails the build (exportsPresence: 'error');
// add it here when an app starts using it. Tests use the real package.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  // The profile's leave guard (mfe-shops use-leave-guard.ts): useBlocker needs a data router.
  UNSAFE_NavigationContext,
  useLocation,
  useNavigate,
  // The shop page (mfe-shops shop-page.tsx): /shop/:id.
  useParams,
  useSearchParams,
} from 'react-router';
