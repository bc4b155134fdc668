import type { Profile, PublicConfig } from "./auth";
import type { CourseOutline, PublicMastermindsResponse, UniversityAccessResponse } from "./marketing";

/**
 * What a server-rendered public page was rendered from besides its address, sent beside its HTML
 * (`#page-state`): the browser's first render reads the same answers, so it matches the HTML.
 * Each is what the API would answer this visitor at that moment.
 */
export interface PageState {
  /** GET /api/me's user. */
  viewer: Profile | null;
  /** GET /api/config. */
  config: PublicConfig;
  /** On /university and course pages: what the visitor's plan opens, and the course's outline when it opens it. */
  university?: {
    access: UniversityAccessResponse;
    outline?: CourseOutline;
  };
  /** On /mastermind: GET /api/masterminds. */
  masterminds?: PublicMastermindsResponse;
}
