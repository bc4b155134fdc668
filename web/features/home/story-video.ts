/**
 * The home page's story video, embedded from the company's YouTube channel with a poster shipped by
 * the app, so nothing loads from YouTube until it plays.
 * The id is a stand-in until the business supplies its upload's id (see the report).
 */
export const STORY_VIDEO = {
  youtubeId: "TICstory001",
  title: "Our story: from a garage prototype to a community of inventors",
  poster: "/images/video/our-story.svg",
} as const;
