import { useContactMessages } from '@/features/contact/api/get-contact-messages';
import { useSubscribers } from '@/features/newsletter/api/get-subscribers';
import { TableRegion } from '@/components/ui/table-region';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

const Loading = ({ what }: { what: string }) => (
  <div role="status" className="flex items-center gap-3 p-6 text-base-content/80">
    <span className="loading loading-spinner" aria-hidden="true" />
    Loading {what}…
  </div>
);

const Failed = ({ what, message }: { what: string; message: string }) => (
  <p role="alert" className="rounded-box border border-base-300 bg-base-100 p-6 text-[#b91c1c]">
    The {what} could not be loaded: {message}
  </p>
);

/** The messages of the home page's contact form, newest first. */
const ContactMessages = () => {
  const { data, isPending, isError, error } = useContactMessages();
  return (
    <section aria-labelledby="messages-title" className="space-y-4">
      <h2 id="messages-title" className="text-xl font-bold">
        Messages {data ? <span className="badge badge-primary align-middle">{data.length}</span> : null}
      </h2>
      {isPending ? (
        <Loading what="messages" />
      ) : isError ? (
        <Failed what="messages" message={error.message} />
      ) : data.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 p-6 text-base-content/80">
          No messages yet. Messages sent from the home page’s ‘Send Us Email’ form show up here.
        </p>
      ) : (
        <ul className="space-y-4" data-testid="contact-messages">
          {data.map((message) => (
            <li
              key={message._id}
              data-testid="contact-message"
              className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="font-semibold">
                  {message.name}{' '}
                  <a className="link link-primary font-normal break-all" href={`mailto:${message.email}`}>
                    {message.email}
                  </a>
                </p>
                <p className="text-sm text-base-content/70">
                  <time dateTime={message.createdAt}>{formatDate(message.createdAt)}</time>
                </p>
              </div>
              <p className="mt-3 whitespace-pre-line text-base-content/85">{message.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

/** The newsletter's subscribers, newest first. */
const Subscribers = () => {
  const { data, isPending, isError, error } = useSubscribers();
  return (
    <section aria-labelledby="subscribers-title" className="space-y-4">
      <h2 id="subscribers-title" className="text-xl font-bold">
        Newsletter subscribers{' '}
        {data ? <span className="badge badge-primary align-middle">{data.length}</span> : null}
      </h2>
      {isPending ? (
        <Loading what="subscribers" />
      ) : isError ? (
        <Failed what="subscribers" message={error.message} />
      ) : data.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 p-6 text-base-content/80">
          No subscribers yet.
        </p>
      ) : (
        <TableRegion label="Newsletter subscribers table">
          <table className="table" data-testid="subscribers">
            <thead>
              <tr>
                <th scope="col">No.</th>
                <th scope="col">Email</th>
                <th scope="col">Subscribed</th>
              </tr>
            </thead>
            <tbody>
              {data.map((subscriber, index) => (
                <tr key={subscriber._id}>
                  <td>{index + 1}</td>
                  <td className="break-all">{subscriber.email}</td>
                  <td className="whitespace-nowrap">
                    <time dateTime={subscriber.createdAt}>{formatDate(subscriber.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
};

/** /dashboard/messages (admins): what visitors sent through the contact form and the newsletter box. */
const MessagesRoute = () => (
  <div className="space-y-10">
    <ContactMessages />
    <Subscribers />
  </div>
);

export default MessagesRoute;
