import { Link } from 'react-router';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';

/** What a shopper who opens /admin sees (the API would refuse them anyway). */
export function NotForYou() {
  return (
    <PageContainer className="max-w-2xl">
      <PageHeader title="This page is not for you">
        The back office is for the shop’s staff only.
      </PageHeader>
      <Link
        to="/"
        className="font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800"
      >
        Back to the shop
      </Link>
    </PageContainer>
  );
}
