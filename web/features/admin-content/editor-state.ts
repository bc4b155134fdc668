/** A content tab's form: closed, adding a new item, or editing one (spec 001 §4). */
export type EditorState<Item> = { mode: "idle" } | { mode: "adding" } | { mode: "editing"; item: Item };

export const IDLE = { mode: "idle" } as const;
