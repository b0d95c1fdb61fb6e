import { useContactMessages } from '@/features/contact/api/get-contact-messages';
import { useSubscribers } from '@/features/newsletter/api/get-subscribers';
import { TableRegion } from '@/components/ui/table-region';
import { CardList, type CardLook } from '@/components/ui/card-list';
import { ListQueryState } from '@/components/ui/query-state';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

const MESSAGE_CARDS: CardLook = {
  list: 'space-y-4',
  card: 'rounded-box border border-base-300 bg-base-100 p-5 shadow-sm',
};

/** The messages of the home page's contact form, newest first. */
const ContactMessages = () => {
  const query = useContactMessages();
  const { data } = query;
  return (
    <section aria-labelledby="messages-title" className="space-y-4">
      <h2 id="messages-title" className="text-xl font-bold">
        Messages {data ? <span className="badge badge-primary align-middle">{data.length}</span> : null}
      </h2>
      <ListQueryState
        query={query}
        loadingLabel="Loading messages"
        errorText={(error) => `The messages could not be loaded: ${error.message}`}
        empty={<p>No messages yet. Messages sent from the home page’s ‘Send Us Email’ form show up here.</p>}
      >
        {(list) => (
          <CardList items={list} listTestId="contact-messages" testId="contact-message" look={MESSAGE_CARDS}>
            {(message) => (
              <>
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
              </>
            )}
          </CardList>
        )}
      </ListQueryState>
    </section>
  );
};

/** The newsletter's subscribers, newest first. */
const Subscribers = () => {
  const query = useSubscribers();
  const { data } = query;
  return (
    <section aria-labelledby="subscribers-title" className="space-y-4">
      <h2 id="subscribers-title" className="text-xl font-bold">
        Newsletter subscribers{' '}
        {data ? <span className="badge badge-primary align-middle">{data.length}</span> : null}
      </h2>
      <ListQueryState
        query={query}
        loadingLabel="Loading subscribers"
        errorText={(error) => `The subscribers could not be loaded: ${error.message}`}
        empty={<p>No subscribers yet.</p>}
      >
        {(list) => (
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
                {list.map((subscriber, index) => (
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
      </ListQueryState>
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
