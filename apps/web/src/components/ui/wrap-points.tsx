import { Fragment } from 'react';

/**
 * An e-mail address or an id that may wrap only where a person would break it: after '@', '.', '-' and
 * '_' (a <wbr> there), never in the middle of a word, and never wider than its box otherwise.
 */
export const WrapPoints = ({ text }: { text: string }) => (
  <>
    {text.split(/(?<=[@._-])/).map((part, index) => (
      <Fragment key={index}>
        {index > 0 ? <wbr /> : null}
        {part}
      </Fragment>
    ))}
  </>
);
