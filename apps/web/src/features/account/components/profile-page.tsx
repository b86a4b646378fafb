import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../../stores/hooks';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import { useGetMyOrdersQuery } from '../api/accounts-api';
import { MyOrdersTable } from './my-orders-table';
import { PrivacySection } from './privacy-section';
import { ProfileSettingsForm } from './profile-settings-form';

const TABS = ['settings', 'orders'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

const triggerClass =
  '-mb-px inline-flex min-h-11 flex-1 items-center justify-center gap-2 border-b-2 border-transparent px-2 py-2 text-xs font-semibold tracking-wide whitespace-nowrap text-ink-muted uppercase transition-colors hover:text-ink data-[state=active]:border-terracotta-700 data-[state=active]:text-terracotta-700 sm:flex-none sm:px-5 sm:text-sm sm:tracking-wider';

/** /profile (signed in): the Profile Settings and Orders List tabs; ?tab=orders opens the second. */
export default function ProfilePage() {
  const userInfo = useAppSelector((state) => state.account.userInfo);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'settings';
  // Keyed by the user, so one account's orders are never shown to the next.
  const orders = useGetMyOrdersQuery(userInfo?._id ?? '', { skip: !userInfo });
  const paidOrders = orders.data?.filter((order) => order.isPaid);

  if (!userInfo) return null; // the guard sends visitors to /login

  return (
    // One centred column, the same for both tabs: the form fills it, and so does the orders table.
    <PageContainer className="max-w-3xl">
      <PageHeader title="Profile" eyebrow={`Hi, ${userInfo.name}`}>
        Change your details or look up a paid order.
      </PageHeader>
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setSearchParams(value === 'settings' ? {} : { tab: value }, {
            replace: true,
            preventScrollReset: true,
          })
        }
      >
        <Tabs.List
          aria-label="Profile sections"
          className="mb-8 flex gap-1 border-b border-sand-200"
        >
          <Tabs.Trigger value="settings" className={triggerClass}>
            Profile Settings
          </Tabs.Trigger>
          <Tabs.Trigger
            value="orders"
            className={triggerClass}
            aria-label={
              paidOrders
                ? `Orders List (${paidOrders.length} paid ${paidOrders.length === 1 ? 'order' : 'orders'})`
                : undefined
            }
          >
            Orders List
            {paidOrders && (
              <span
                aria-hidden="true"
                className="inline-flex min-w-6 items-center justify-center rounded-full bg-terracotta-700 px-2 py-0.5 text-xs text-sand-50 tabular-nums"
              >
                {paidOrders.length}
              </span>
            )}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="settings" className="focus-visible:outline-offset-4">
          <ProfileSettingsForm userInfo={userInfo} />
          <PrivacySection />
        </Tabs.Content>
        <Tabs.Content value="orders" className="focus-visible:outline-offset-4">
          <MyOrdersTable
            paidOrders={paidOrders}
            isLoading={orders.isLoading}
            error={orders.error}
          />
        </Tabs.Content>
      </Tabs.Root>
    </PageContainer>
  );
}
