/**
 * The In The News page's press content (spec 001 §2.10): the featured interview and the three videos
 * of past products. Posters ship with the app; the videos are embedded from the company's YouTube
 * channel. The interview address and the video ids are stand-ins until the business supplies its own.
 */

export const FEATURED_INTERVIEW = {
  publication: "Veteran Business Review",
  headline: "From Army logistics to a community that gets inventions made",
  summary:
    "Our founder Marcus Hale talks about the three years it took to get his first product onto a shelf, the mistakes that cost the most, and why he built a community so other inventors would not have to learn the same lessons alone.",
  date: "May 2025",
  url: "https://veteranbusinessreview.com/interviews/marcus-hale-inventors-community",
  image: "/images/news/featured-interview.svg",
} as const;

export interface PressVideo {
  youtubeId: string;
  title: string;
  caption: string;
  poster: string;
}

export const PRESS_VIDEOS: PressVideo[] = [
  {
    youtubeId: "TICpress001",
    title: "A slow-feeder bowl that sold out in nine weeks",
    caption: "PawPlate founder Angela Ruiz shows a morning show how her spiral maze turns a thirty-second gulp into a five-minute meal.",
    poster: "/images/video/pawplate-segment.svg",
  },
  {
    youtubeId: "TICpress002",
    title: "From a sea bag to a store shelf",
    caption: "Navy veteran Derrick Coleman on turning twenty years of deployments into TrailNest, and the Kickstarter that funded its first run.",
    poster: "/images/video/trailnest-segment.svg",
  },
  {
    youtubeId: "TICpress003",
    title: "Old sails, new bags",
    caption: "A local news feature follows Rewoven from a Florida marina to the sewing table, where retired sailcloth becomes one-of-a-kind bags.",
    poster: "/images/video/rewoven-segment.svg",
  },
];
