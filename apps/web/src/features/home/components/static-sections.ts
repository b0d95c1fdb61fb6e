// The home page's sections that never change, in a chunk of their own: a server-rendered home page keeps
// their markup (ServerMarkup), and only a visit from another page of the app loads them.
export { Hero } from './hero';
export { StatisticsBand } from './statistics-band';
export { OurStory } from './our-story';
