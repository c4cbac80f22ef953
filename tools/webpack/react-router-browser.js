// The one copy of react-router every app shares (the `react-router` singleton of create-app-config.js).
// A shared module cannot be tree-shaken (webpack cannot know what other apps will use), so sharing the whole
// package ships its data router and its server half (sessions, cookies, request handlers, RSC): 61 KB gzip.
// The console routes declaratively (<BrowserRouter>, <Routes>), so this module shares that API only (15 KB gzip)
// and lets webpack drop the rest. An app importing a name missing here fails its build (exportsPresence: 'error'
// in the factory); add the name here, and deploy the shell before a remote that needs it (the shell's copy is
// the one every remote gets).
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useBeforeUnload,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
  createPath,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  parsePath,
  resolvePath,
} from 'react-router-unshared';
