// Not built yet: the address answers with the dashboard's not-found message.
export { DashboardNotFoundPage as DashboardAllAccountsPage } from './dashboard-not-found.tsx';
