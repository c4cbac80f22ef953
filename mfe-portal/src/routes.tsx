import { Navigate, Route, Routes } from 'react-router';
import { lazyComponent } from 'shared-kit';
import { withPageTexts } from './messages/catalogue';
import SignInPage from './features/sign-in/pages/SignInPage';
import { NotFoundPage } from './shared/components/NotFoundPage';
import { PortalFrame, type PortalFrameProps } from './shared/components/PortalFrame';
import { PageLoading } from './shared/components/PageState';
import { RequireCustomer } from './shared/components/RequireCustomer';

// Sign-in is the first screen of every visit; the customer's pages come in their own chunks, with their texts.
const LicensesPage = lazyComponent(
  () => withPageTexts('licenses', import('./features/licenses/pages/LicensesPage')).then((page) => page.default),
  <PageLoading />,
);
const TrialsPage = lazyComponent(
  () => withPageTexts('trials', import('./features/trials/pages/TrialsPage')).then((page) => page.default),
  <PageLoading />,
);
// What a customer does.
const DownloadsPage = lazyComponent(
  () => withPageTexts('downloads', import('./features/downloads/pages/DownloadsPage')).then((page) => page.default),
  <PageLoading />,
);
const AccountPage = lazyComponent(
  () => withPageTexts('account', import('./features/account/pages/AccountPage')).then((page) => page.default),
  <PageLoading />,
);

// Offline activation (a machine that is never online).
const OfflineActivationPage = lazyComponent(
  () => withPageTexts('offline', import('./features/offline/pages/OfflineActivationPage')).then((page) => page.default),
  <PageLoading />,
);

/** The portal's routes, relative to where it is mounted (`/portal/<slug>` on its standalone page, or the integrator's basePath). */
export default function PortalRoutes(frame: PortalFrameProps) {
  return (
    <Routes>
      <Route element={<PortalFrame {...frame} />}>
        <Route index element={<Navigate to="licenses" replace />} />
        <Route path="sign-in" element={<SignInPage />} />
        <Route element={<RequireCustomer />}>
          <Route path="licenses" element={<LicensesPage />} />
          <Route path="trials" element={<TrialsPage />} />

          {/* Offline activation */}
          <Route path="offline" element={<OfflineActivationPage />} />
          {/* What a customer does. */}
          <Route path="downloads" element={<DownloadsPage />} />
          <Route path="account" element={<AccountPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
