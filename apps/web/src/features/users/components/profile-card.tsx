import { Link } from '@/components/ui/link';
import { PersonPhoto } from '@/components/ui/person-photo';
import { WrapPoints } from '@/components/ui/wrap-points';
import { messages } from '@forgeline/shared/messages';
import type { UserInfoResponse } from '@forgeline/shared/schemas/user';
import { dashboardPaths } from '@/config/dashboard-paths';
import type { SessionUser } from '@/lib/auth';

type ProfileCardProps = {
  user: SessionUser;
  info: UserInfoResponse | undefined;
};

const orNotAvailable = (value: string | null | undefined) => (value?.trim() ? value : messages.notAvailable);

/** The profile card (docs/product.md §2): avatar, role, email, phone, address, profession, 'My Orders'. */
export const ProfileCard = ({ user, info }: ProfileCardProps) => {
  const role = (info?.role ?? user.role) === 'admin' ? 'Admin' : messages.normalUser;
  const rows = [
    // An address breaks after '@' or '.' in the narrow card, not mid-word.
    { label: 'Email', value: <WrapPoints text={user.email} /> },
    { label: 'Phone', value: orNotAvailable(info?.userInfo.phone) },
    { label: 'Address', value: orNotAvailable(info?.userInfo.address) },
    { label: 'Profession', value: orNotAvailable(info?.userInfo.profession) },
  ];

  return (
    <article
      aria-label="Your profile"
      className="rounded-box border border-base-300 bg-base-100 p-5 text-center shadow-sm sm:p-6"
    >
      <div className="flex justify-center">
        <PersonPhoto name={user.name} src={user.image} size="lg" />
      </div>
      <h3 className="mt-4 text-xl font-bold break-words">{user.name}</h3>
      <p className="mt-1">
        <span className="badge badge-outline badge-primary" data-testid="profile-role">
          {role}
        </span>
      </p>
      <dl className="mt-5 space-y-3 text-left text-sm">
        {rows.map((row) => (
          <div
            key={row.label}
            className="grid grid-cols-[6rem_minmax(0,1fr)] gap-2 border-b border-base-200 pb-2"
          >
            <dt className="font-semibold text-base-content/80">{row.label}</dt>
            <dd className="break-words">
              {row.value}
              {row.label === 'Email' && !user.emailVerified && (
                <span className="mt-1 block text-xs text-base-content/80" data-testid="email-unconfirmed">
                  Not confirmed yet: open the link we e-mailed you, in this browser, to get order e-mails.
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <Link to={dashboardPaths.myOrders.getHref()} className="btn btn-outline btn-primary mt-5 w-full">
        My Orders
      </Link>
    </article>
  );
};
