import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { staffInviteRequestSchema } from '@shop/shared/back-office';
import type { StaffMember } from '@shop/shared/back-office';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import {
  useGetStaffQuery,
  useInviteStaffMutation,
  useRemoveStaffMutation,
  useResetStaffMfaMutation,
} from '../api/admin-api';
import { ActionDialog } from '../components/action-dialog';
import { AdminTable, cellClass } from '../components/admin-table';
import { EmptyState, QueryState } from '../components/query-state';
import { formatWhen } from '../format';
import { useIsOwner } from '../hooks/use-back-office-session';
import { NewOrderMailSwitch } from './new-order-mail-switch';

/** The owner invites someone by name and e-mail; the invitation mail carries the link. */
function InviteForm() {
  const id = useId();
  const [inviteStaff, { isLoading }] = useInviteStaffMutation();
  const [fields, setFields] = useState({ name: '', email: '' });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const parsed = staffInviteRequestSchema.safeParse(fields);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Please check');
    const result = await inviteStaff(parsed.data);
    if ('error' in result) return setProblem(errorMessage(result.error));
    setProblem(null);
    setFields({ name: '', email: '' });
    notify(`Invitation sent to ${parsed.data.email}`, 'success');
  };

  return (
    <section className="mb-8 rounded-2xl border border-sand-200 bg-white p-5">
      <h2 className="text-xl font-semibold">Invite a staff member</h2>
      <p className="mt-1 text-sm text-ink-muted">
        They get an e-mail with a link to choose a password, then set up their second factor.
      </p>
      <form
        noValidate
        onSubmit={submit}
        aria-label="Invite a staff member"
        className="mt-4 flex flex-col gap-4 md:flex-row md:items-end"
      >
        <TextField
          id={`${id}-name`}
          label="Name"
          className="md:flex-1"
          autoComplete="off"
          value={fields.name}
          onChange={(event) => setFields({ ...fields, name: event.target.value })}
        />
        <TextField
          id={`${id}-email`}
          label="E-mail"
          type="email"
          className="md:flex-1"
          autoComplete="off"
          value={fields.email}
          onChange={(event) => setFields({ ...fields, email: event.target.value })}
        />
        <Button type="submit" aria-disabled={isLoading || undefined}>
          {isLoading ? 'Sending…' : 'Send invitation'}
        </Button>
      </form>
      {problem && (
        <Alert variant="danger" className="mt-4">
          {problem}
        </Alert>
      )}
    </section>
  );
}

function MemberActions({ member }: { member: StaffMember }) {
  const [removeStaff, { isLoading: removing }] = useRemoveStaffMutation();
  const [resetMfa, { isLoading: resetting }] = useResetStaffMfaMutation();
  if (member.role === 'owner') return <span className="text-ink-muted">—</span>;
  return (
    <div className="flex gap-2">
      <ActionDialog
        triggerLabel="Reset second factor"
        triggerAriaLabel={`Reset the second factor of ${member.name}`}
        triggerVariant="ghost"
        title={`Reset ${member.name}’s second factor`}
        description={
          <p>
            Their authenticator app and recovery codes stop working. They set up a new second factor
            the next time they sign in to the back office.
          </p>
        }
        confirmLabel="Reset"
        busy={resetting}
        onConfirm={async () => {
          const result = await resetMfa(member._id);
          if ('error' in result) return errorMessage(result.error);
          notify(`${member.name} sets up a new second factor at their next sign-in`, 'success');
          return null;
        }}
      />
      <ActionDialog
        triggerLabel="Remove"
        triggerAriaLabel={`Remove ${member.name}`}
        triggerVariant="ghost"
        title={`Remove ${member.name}`}
        description={
          <p>
            {member.name} ({member.email}) loses access to the back office at once. Their account
            stays a customer account.
          </p>
        }
        confirmLabel="Remove"
        busy={removing}
        onConfirm={async () => {
          const result = await removeStaff(member._id);
          if ('error' in result) return errorMessage(result.error);
          notify(`${member.name} was removed from the staff`, 'success');
          return null;
        }}
      />
    </div>
  );
}

/** /admin/staff: the list for everyone; inviting, removing and resets for the owner. */
export default function StaffPage() {
  const isOwner = useIsOwner();
  const { data, isLoading, error, refetch } = useGetStaffQuery();
  return (
    <>
      <PageHeader title="Staff">
        {isOwner ? null : 'Only the owner can invite or remove staff.'}
      </PageHeader>
      <NewOrderMailSwitch />
      {isOwner && <InviteForm />}
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading the staff…"
        onRetry={refetch}
      >
        {data && data.staff.length === 0 && <EmptyState title="No staff yet" />}
        {data && data.staff.length > 0 && (
          <AdminTable
            caption="Staff"
            columns={[
              'Name',
              'E-mail',
              'Role',
              'Second factor',
              'Since',
              ...(isOwner ? ['Actions'] : []),
            ]}
          >
            {data.staff.map((member) => (
              <tr key={member._id}>
                <th scope="row" className={`${cellClass} font-semibold`}>
                  {member.name}
                </th>
                <td className={cellClass}>{member.email}</td>
                <td className={`${cellClass} capitalize`}>{member.role}</td>
                <td className={cellClass}>{member.enrolled ? 'Set up' : 'Not set up'}</td>
                <td className={cellClass}>{formatWhen(member.createdAt, false)}</td>
                {isOwner && (
                  <td className={cellClass}>
                    <MemberActions member={member} />
                  </td>
                )}
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryState>
    </>
  );
}
