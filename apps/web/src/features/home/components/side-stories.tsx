import { Link } from 'react-router';

const STORIES = [
  {
    image: '/images/side-weave.svg',
    alt: 'Bands of Sadu weaving: diamonds and saw-tooth rows in red, black and cream',
    title: 'Woven into every strap',
    text: 'Our straps carry the diamonds and saw-tooth rows of Sadu weaving.',
    to: '/belts',
    cta: 'Shop straps',
  },
  {
    image: '/images/side-desert-bloom.svg',
    alt: 'A desert flower in bloom in front of sand dunes and a low sun',
    title: 'Bloom where you are',
    text: 'Flower totes for market days, beach days and every day in between.',
    to: '/totes',
    cta: 'Shop totes',
  },
] as const;

/** The home page's two side images, each with a short story and a way in. */
export function SideStories() {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {STORIES.map((story) => (
        <article key={story.to} className="group relative overflow-hidden rounded-3xl bg-sand-200">
          <img
            src={story.image}
            alt={story.alt}
            width={600}
            height={750}
            loading="lazy"
            className="aspect-[4/3] w-full object-cover transition-transform duration-700 group-hover:scale-105 motion-reduce:transition-none"
          />
          <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/90 via-ink/70 to-transparent p-6 pt-16 text-sand-50">
            <h2 className="text-2xl font-semibold">{story.title}</h2>
            <p className="mt-1 text-sand-100">{story.text}</p>
            <Link
              to={story.to}
              className="mt-4 inline-block font-semibold tracking-wider text-saffron uppercase underline-offset-4 hover:underline"
            >
              {story.cta}
            </Link>
          </div>
        </article>
      ))}
    </div>
  );
}
