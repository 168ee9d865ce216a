import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './AppLayout';
import { HomeRedirect, RequireRole, UnknownPath } from './guards';
import { lazyWithQueries } from './lazyWithQueries';

// Every page is its own chunk: a customer on a phone at the counter downloads only the upload page.
// Pages that read through TanStack Query load its client beside them (lazyWithQueries); the others never do.
const LoginPage = lazyWithQueries(() => import('../features/accounts/LoginPage'));
const SignupPage = lazyWithQueries(() => import('../features/accounts/SignupPage'));
const ForgotPasswordPage = lazyWithQueries(() => import('../features/accounts/ForgotPasswordPage'));
const ResetPasswordPage = lazyWithQueries(() => import('../features/accounts/ResetPasswordPage'));
const VerifyEmailPage = lazyWithQueries(() => import('../features/accounts/VerifyEmailPage'));
const ProfilePage = lazyWithQueries(() => import('../features/accounts/ProfilePage'));
const OnboardingShopPage = lazyWithQueries(() => import('../features/onboarding/OnboardingShopPage'));
const ShopPublicPage = lazy(() => import('../features/public-shop/ShopPublicPage'));
const JobStatusPage = lazy(() => import('../features/job-status/JobStatusPage'));
const ShopNotFoundPage = lazy(() => import('../features/public-shop/ShopNotFoundPage'));
const HomePage = lazy(() => import('../features/public-site/HomePage'));
const ContactPage = lazy(() => import('../features/public-site/ContactPage'));
const PrivacyPage = lazy(() => import('../features/public-site/PrivacyPage'));
const TermsPage = lazy(() => import('../features/public-site/TermsPage'));
const SecurityPage = lazy(() => import('../features/public-site/SecurityPage'));
const HowItWorksPage = lazy(() => import('../features/public-site/HowItWorksPage'));
const DemoTourPage = lazy(() => import('../features/public-site/DemoTourPage'));
const ReviewsPage = lazy(() => import('../features/public-site/ReviewsPage'));
const FeaturesPage = lazy(() => import('../features/public-site/FeaturesPage'));
const PricingPage = lazy(() => import('../features/public-site/PricingPage'));
const HelpPage = lazy(() => import('../features/public-site/HelpPage'));
const SetupPage = lazy(() => import('../features/public-site/SetupPage'));
const CheckoutPage = lazy(() => import('../features/checkout/CheckoutPage'));
const OwnerDashboardPage = lazyWithQueries(() => import('../features/dashboard/OwnerDashboardPage'));
const UserDashboardPage = lazy(() => import('../features/dashboard/UserDashboardPage'));
const ShopDashboardPage = lazyWithQueries(() => import('../features/shop-dashboard/ShopDashboardPage'));
const PrintJobsPage = lazyWithQueries(() => import('../features/jobs/PrintJobsPage'));
const AnalyticsPage = lazyWithQueries(() => import('../features/analytics/AnalyticsPage'));
const CustomersPage = lazyWithQueries(() => import('../features/customers/CustomersPage'));
const EarningsPage = lazyWithQueries(() => import('../features/earnings/EarningsPage'));
const SettingsPage = lazyWithQueries(() => import('../features/settings/SettingsPage'));
const RecycleBinPage = lazyWithQueries(() => import('../features/recycle/RecycleBinPage'));

/** The route table of docs/product/routes.md#web-routes (verify-email, linked public pages and OWNER analytics/settings included). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomeRedirect />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password/:email/:otp" element={<ResetPasswordPage />} />
        <Route path="verify-email/:token" element={<VerifyEmailPage />} />
        <Route path="onboarding/shop" element={<OnboardingShopPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="shop-not-found" element={<ShopNotFoundPage />} />
        <Route path="checkout" element={<CheckoutPage />} />

        <Route path="public/home" element={<HomePage />} />
        <Route path="public/contact" element={<ContactPage />} />
        <Route path="public/privacy" element={<PrivacyPage />} />
        <Route path="public/terms" element={<TermsPage />} />
        <Route path="public/security" element={<SecurityPage />} />
        <Route path="public/how" element={<HowItWorksPage />} />
        <Route path="public/demo" element={<DemoTourPage />} />
        <Route path="public/reveiw" element={<ReviewsPage />} />
        <Route path="public/review" element={<ReviewsPage />} />
        <Route path="public/testimonials" element={<ReviewsPage />} />
        <Route path="public/feature" element={<FeaturesPage />} />
        <Route path="public/features" element={<FeaturesPage />} />
        <Route path="public/price" element={<PricingPage />} />
        <Route path="public/pricing" element={<PricingPage />} />
        <Route path="public/help" element={<HelpPage />} />
        <Route path="public/setup" element={<SetupPage />} />
        <Route path="public/:slug" element={<ShopPublicPage />} />
        <Route path="j/:token" element={<JobStatusPage />} />

        <Route element={<RequireRole allow={['OWNER']} />}>
          <Route path="owner-dashboard" element={<OwnerDashboardPage />} />
        </Route>
        <Route element={<RequireRole allow={['OWNER', 'SHOP_OWNER']} />}>
          <Route path="analytics" element={<AnalyticsPage />} />
          <Route path="settings" element={<SettingsPage />} />
        </Route>
        <Route element={<RequireRole allow={['SHOP_OWNER']} />}>
          <Route path="shop-dashboard" element={<ShopDashboardPage />} />
          <Route path="printJob" element={<PrintJobsPage />} />
          <Route path="customers" element={<CustomersPage />} />
          <Route path="revenue" element={<EarningsPage />} />
          <Route path="recycle" element={<RecycleBinPage />} />
        </Route>
        <Route element={<RequireRole allow={['ROLE_USER']} />}>
          <Route path="user-dashboard" element={<UserDashboardPage />} />
          <Route path="user-dashboard/customers" element={<UserDashboardPage />} />
          <Route path="user-dashboard/recycle" element={<UserDashboardPage />} />
        </Route>

        <Route path="*" element={<UnknownPath />} />
      </Route>
    </Routes>
  );
}
