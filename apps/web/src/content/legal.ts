/**
 * The footer's Legal pages. They state what this site does, and nothing it does not: each rule below is
 * enforced by the server (orders, payments, cancellation) or is a fact of the code (what is stored,
 * which cookies are set). `{hold}` is replaced by the hold time of unpaid orders the server reports.
 * A shop running Forgeline should have its own lawyer read them and add what its trade needs.
 */
export type LegalSlug = 'terms' | 'privacy' | 'cookies';

export type LegalDocument = {
  slug: LegalSlug;
  title: string;
  lead: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
};

export const HOLD_TOKEN = '{hold}';

export const legalDocuments: Record<LegalSlug, LegalDocument> = {
  terms: {
    slug: 'terms',
    title: 'Terms of use',
    lead: 'How ordering, paying, cancelling and shipping work on this site.',
    updated: '21 November 2026',
    sections: [
      {
        heading: 'Orders',
        paragraphs: [
          'You need an account to order. Each product has a minimum order quantity, and you can order at most what we have in stock.',
          'Prices are in US dollars per piece. The total is worked out by us from the price at the moment you order; if the price changed while you were looking, we ask you to check the new total before the order is placed.',
          'The stock for your order is set aside as soon as the order is placed.',
        ],
      },
      {
        heading: 'Payment',
        paragraphs: [
          'Orders are paid by card on the order’s payment page. Card details go to our payment processor; we never see or keep the card number, only its brand and last four digits.',
          `An unpaid card order holds its stock for ${HOLD_TOKEN} from when it is placed. After that it is cancelled, its stock is released and we tell you by e-mail. An order on approved payment terms holds its stock until its invoice is due.`,
        ],
      },
      {
        heading: 'Cancelling',
        paragraphs: [
          'You can cancel an unpaid order yourself from My Orders at any time.',
          'A paid order can be cancelled by us until it ships: write to us through the contact form. We refund the full amount to the card that paid.',
        ],
      },
      {
        heading: 'Shipping',
        paragraphs: [
          'We ship paid orders to the address in the order and e-mail you when they leave our works. A shipped order can no longer be cancelled; write to us about returns.',
        ],
      },
      {
        heading: 'Reviews',
        paragraphs: [
          'A review you leave appears on our home page with your name, profession, rating and text. Write about your own experience of our parts.',
        ],
      },
    ],
  },
  privacy: {
    slug: 'privacy',
    title: 'Privacy policy',
    lead: 'What we keep about you, why, and who else sees it.',
    updated: '21 November 2026',
    sections: [
      {
        heading: 'What we keep',
        paragraphs: [
          'Your account: name, e-mail address and password (stored only as a one-way hash), or, if you sign in with Google, the name, e-mail address and picture Google shares.',
          'Your profile, if you fill it in: phone, address and profession.',
          'Your orders: the name, e-mail, delivery address and phone given with them, the product, quantity and totals, and for a paid order the payment’s transaction id and the card’s brand and last four digits.',
          'Your reviews, messages sent through the contact form, and the e-mail address you give the newsletter.',
        ],
      },
      {
        heading: 'Why',
        paragraphs: [
          'To make, ship and account for your orders, to answer your messages, and to send the e-mails you asked for: order updates, password resets and, if you subscribed, the newsletter. We do not sell your data and we run no advertising or analytics trackers.',
        ],
      },
      {
        heading: 'Who else sees it',
        paragraphs: [
          'Our staff, to handle orders and messages. Our payment processor, which receives the card details and the amount of each payment. Our e-mail provider, which delivers our messages to you.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'You can change your profile in My Profile at any time. To have your account deleted, write to us: your account, profile and sessions are removed, while past orders keep the name and address given with them for our records.',
        ],
      },
    ],
  },
  cookies: {
    slug: 'cookies',
    title: 'Cookie policy',
    lead: 'The cookies we set, what we keep in your browser, and what others may set.',
    updated: '21 November 2026',
    sections: [
      {
        heading: 'Our cookie',
        paragraphs: [
          'forgeline.session_token keeps you signed in; it lapses after 7 days without a visit. It is set when you sign in, cannot be read by scripts, and is removed when you log out. Signing in cannot work without it, so the site does not ask for consent to it.',
          'While you sign in with Google, a cookie that lasts five minutes protects the sign-in from forgery.',
        ],
      },
      {
        heading: 'Your browser’s storage',
        paragraphs: [
          'accessToken (local storage) is a short-lived pass to our API, renewed while you are signed in and removed when you log out.',
          'forgeline:splash-seen (session storage) remembers that you saw the opening image, so that it shows once per visit.',
        ],
      },
      {
        heading: 'Others',
        paragraphs: [
          'The map on the home page comes from Google Maps and loads only when you scroll to it; Google may set its own cookies then. If the shop takes payments through Stripe, Stripe’s payment form may set cookies on the payment page to prevent fraud.',
          'We set no advertising or analytics cookies.',
        ],
      },
    ],
  },
};
