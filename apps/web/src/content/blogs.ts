/**
 * The six questions and answers of /blogs (docs/product.md §2). Plain data: edit the text here, the page
 * renders it. An answer is a list of blocks: paragraphs, bullet lists and code.
 */
export type BlogBlock =
  | { kind: 'p'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'code'; code: string; language: 'js' | 'jsx' | 'ts' };

export type BlogPost = {
  slug: string;
  topic: string;
  question: string;
  blocks: BlogBlock[];
};

export const blogPosts: BlogPost[] = [
  {
    slug: 'react-performance',
    topic: 'React performance',
    question: 'How will you improve the performance of a React Application?',
    blocks: [
      {
        kind: 'p',
        text: 'Measure first. The React DevTools Profiler shows which components render, how often and how long each render takes; Lighthouse and the browser’s Performance panel show what the user waits for: JavaScript download and parse, long tasks, images. Most slow React apps are slow for one of three reasons: they ship too much code, they render too much too often, or they fetch data late.',
      },
      {
        kind: 'list',
        items: [
          'Ship less JavaScript: split the bundle per route with React.lazy and dynamic import(), load heavy widgets (carousels, charts, editors) only when they are about to be seen, and check the bundle for large dependencies you barely use.',
          'Render less: keep state as close as possible to where it is used, so a keystroke in one form does not re-render the whole page. Wrap expensive pure components in React.memo and pass them stable props (useMemo for derived objects, useCallback for handlers) where the Profiler shows it matters. The React Compiler can add this memoisation for you.',
          'Render long lists virtually (only the rows on screen) with a library such as TanStack Virtual, and give list items stable keys, never the array index of a list that changes.',
          'Fetch early and cache: a data library such as TanStack Query deduplicates requests, caches responses and shows cached data at once while it refreshes in the background.',
          'Keep the main thread free: move heavy computation to a Web Worker, and mark non-urgent updates with useTransition or useDeferredValue so typing stays responsive.',
          'Serve images at the size they are shown, in modern formats (WebP, AVIF), with width and height set so the layout does not jump, and loading="lazy" below the fold.',
        ],
      },
      {
        kind: 'code',
        language: 'jsx',
        code: `const Reports = lazy(() => import('./reports'));

const Row = memo(function Row({ order, onCancel }) {
  return <li>{order.productName} <button onClick={() => onCancel(order._id)}>Cancel</button></li>;
});

function Orders({ orders }) {
  const onCancel = useCallback((id) => cancelOrder(id), []);
  return <ul>{orders.map((o) => <Row key={o._id} order={o} onCancel={onCancel} />)}</ul>;
}`,
      },
      {
        kind: 'p',
        text: 'Finally, build for production (development builds are several times slower) and measure again: an optimisation that does not show up in the numbers is only extra code to maintain.',
      },
    ],
  },
  {
    slug: 'state-management',
    topic: 'State management',
    question: 'What are the different ways to manage a state in a React application?',
    blocks: [
      {
        kind: 'p',
        text: 'It helps to sort state by where it lives and who needs it, because each kind has a tool that fits it best.',
      },
      {
        kind: 'list',
        items: [
          'Local UI state (is this menu open, what has been typed): useState, or useReducer when several values change together under clear rules.',
          'State shared by a few nearby components: lift it up to their closest common parent and pass it down as props.',
          'App-wide state that rarely changes (the signed-in user, theme, language): React Context, usually with a small custom hook such as useAuth().',
          'Server state (products, orders, reviews): it is a cache of data that lives on the server, so a data-fetching library such as TanStack Query or SWR handles loading, errors, caching, refetching and invalidation far better than hand-written useEffect code.',
          'Complex client state shared widely (a design editor, a shopping cart with many rules): a store such as Redux Toolkit, Zustand or Jotai, which let components subscribe to just the slice they read.',
          'URL state (filters, the current page, a search term): the router’s path and query string, so the view can be bookmarked and shared.',
          'Form state: a form library such as React Hook Form keeps field values, validation and errors without re-rendering the page on every keystroke.',
        ],
      },
      {
        kind: 'code',
        language: 'jsx',
        code: `function cartReducer(cart, action) {
  switch (action.type) {
    case 'add':
      return [...cart, action.item];
    case 'remove':
      return cart.filter((item) => item.id !== action.id);
    default:
      return cart;
  }
}

const [cart, dispatch] = useReducer(cartReducer, []);`,
      },
      {
        kind: 'p',
        text: 'A good rule is to start with the simplest option that works (local state, then lifting it up) and to reach for context or a store only when passing props becomes painful. On this site, products and reviews are server state in TanStack Query, the signed-in user is context, and forms use React Hook Form.',
      },
    ],
  },
  {
    slug: 'prototypal-inheritance',
    topic: 'Prototypal inheritance',
    question: 'How does prototypical inheritance work?',
    blocks: [
      {
        kind: 'p',
        text: 'In JavaScript every object has a hidden link, [[Prototype]], to another object (or to null). When you read a property that the object does not have itself, the engine follows that link and looks on the prototype, then on the prototype’s prototype, and so on up the prototype chain until it finds the property or reaches null and answers undefined. Writing a property, on the other hand, always creates or changes it on the object itself.',
      },
      {
        kind: 'p',
        text: 'This is how objects share behaviour without copying it: methods live once on a prototype, and every object that links to it can use them. Object.create(proto) makes an object with the given prototype; Object.getPrototypeOf(obj) reads the link. A constructor function’s prototype property becomes the prototype of the objects that new creates, and the class syntax is a clearer way to write exactly the same thing.',
      },
      {
        kind: 'code',
        language: 'js',
        code: `const part = {
  describe() {
    return \`\${this.name}: \${this.price} $ / piece\`;
  },
};

const bolt = Object.create(part); // bolt's prototype is part
bolt.name = 'Hex bolt M8';
bolt.price = 0.12;
bolt.describe(); // found on part, with this = bolt

class Bearing {
  constructor(size) { this.size = size; }
  label() { return \`Bearing \${this.size}\`; }
}
class SealedBearing extends Bearing {
  label() { return \`\${super.label()} (sealed)\`; }
}
const b = new SealedBearing('6204');
// b -> SealedBearing.prototype -> Bearing.prototype -> Object.prototype -> null`,
      },
      {
        kind: 'p',
        text: 'Because the lookup is live, adding a method to a prototype makes it available to every object that inherits from it at once, which is also why changing built-in prototypes such as Array.prototype is a bad idea. hasOwnProperty (or Object.hasOwn) tells an object’s own properties apart from inherited ones.',
      },
    ],
  },
  {
    slug: 'do-not-set-state-directly',
    topic: 'Why not to set state directly',
    question: 'Why you do not set the state directly in React?',
    blocks: [
      {
        kind: 'p',
        text: 'React re-renders a component when you call its state setter; it does not watch your variables. If you change state directly, for example products.push(item) or this.state.count = 5, React is never told, so the screen does not update, and the next render may even overwrite your change.',
      },
      {
        kind: 'p',
        text: 'React also decides whether anything changed by comparing references (Object.is). Mutating an array or object keeps the same reference, so React.memo, useMemo, useEffect dependencies and the setter itself all conclude that nothing changed and skip work they should do. Treating state as immutable, creating a new object or array for every change, makes changes cheap to detect and keeps older values intact, which is what makes features such as undo, time-travel debugging and concurrent rendering safe.',
      },
      {
        kind: 'code',
        language: 'jsx',
        code: `// Wrong: mutates the existing array; React sees the same reference and may not re-render.
cart.push(item);
setCart(cart);

// Right: a new array.
setCart([...cart, item]);

// Right, when the new value depends on the old one: the updater form.
setCount((count) => count + 1);`,
      },
      {
        kind: 'p',
        text: 'Finally, state updates are batched and applied on the next render, so reading a state variable right after setting it still shows the old value. When the next value depends on the previous one, pass a function to the setter, as above, so that several updates in a row are all applied.',
      },
    ],
  },
  {
    slug: 'search-products-by-name',
    topic: 'Searching products by name',
    question: 'You have an array of products. How will you implement a search to find products by name?',
    blocks: [
      {
        kind: 'p',
        text: 'For an array that is already in the browser, filter it: keep the products whose name contains the search text, comparing both in lower case so the search does not depend on capital letters, and trimming the text so a stray space does not hide every result. An empty search shows everything.',
      },
      {
        kind: 'code',
        language: 'ts',
        code: `type Product = { _id: string; name: string; price: number };

export function searchByName(products: Product[], query: string): Product[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return products;
  return products.filter((product) => product.name.toLocaleLowerCase().includes(needle));
}`,
      },
      {
        kind: 'p',
        text: 'In a React component, keep the query in state, derive the result while rendering (with useMemo if the list is large) rather than storing a second filtered copy in state, and use useDeferredValue so typing stays smooth while a long list re-renders.',
      },
      {
        kind: 'code',
        language: 'jsx',
        code: `function ProductSearch({ products }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const results = useMemo(() => searchByName(products, deferred), [products, deferred]);
  return (
    <>
      <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} aria-label="Search products" />
      <p>{results.length} found</p>
      <ul>{results.map((p) => <li key={p._id}>{p.name}</li>)}</ul>
    </>
  );
}`,
      },
      {
        kind: 'p',
        text: 'When the catalogue is too large to send to the browser, search on the server instead: send the query as a parameter (GET /api/products?search=bearing), debounce the input by 200 to 300 ms so every keystroke does not become a request, and let the database do the matching with an index (for example a case-insensitive ILIKE, or full-text search for relevance ranking and typo tolerance).',
      },
    ],
  },
  {
    slug: 'unit-tests',
    topic: 'Unit tests',
    question: 'What is a unit test? Why should we write unit tests?',
    blocks: [
      {
        kind: 'p',
        text: 'A unit test checks one small piece of code, a function, a class or a component, on its own: it gives the unit a known input and asserts the output or behaviour, without a real database, network or browser. Unit tests run in milliseconds, so a project can have hundreds of them and run them all on every change.',
      },
      {
        kind: 'code',
        language: 'ts',
        code: `import { describe, expect, it } from 'vitest';
import { orderTotal } from './order-total';

describe('orderTotal', () => {
  it('multiplies the quantity by the price per piece', () => {
    expect(orderTotal({ price: 2.5, quantity: 400 })).toBe(1000);
  });

  it('refuses a quantity below the minimum order', () => {
    expect(() => orderTotal({ price: 2.5, quantity: 0 })).toThrow();
  });
});`,
      },
      {
        kind: 'p',
        text: 'Why write them?',
      },
      {
        kind: 'list',
        items: [
          'They catch mistakes early, when a bug is cheapest to fix: minutes after writing the code rather than after a customer finds it.',
          'They make change safe: you can refactor or upgrade a library and know within seconds whether anything broke.',
          'They document behaviour: a test named "refuses a quantity below the minimum order" says what the code must do, and stays true, unlike a comment.',
          'They improve design: code that is easy to test tends to have small functions with clear inputs and outputs and few hidden dependencies.',
        ],
      },
      {
        kind: 'p',
        text: 'Unit tests are the base of the testing pyramid, not all of it: integration tests check that the pieces work together (a route with its database), and a few end-to-end tests drive the real app in a browser. Test behaviour rather than implementation details, so the tests keep passing when the code is improved and fail only when it is actually broken.',
      },
    ],
  },
];
