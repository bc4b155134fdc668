import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { DIRECTORY_PAGE_SIZE, type DirectoryMember, type DirectoryPage, type DirectoryQuerySchema } from "../../../common/contracts/people";
import type { z } from "zod";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { decodeDirectoryCursor, encodeDirectoryCursor, type DirectoryCursor } from "./directory-cursor";
import { hasFewMatches, orderOf } from "./directory-order";
import { prefixQueryOf } from "./directory-search";
import { badgeOf, canReadText, listedCondition } from "./people.policy";
import { memberProfiles as profiles } from "./people.table";

type DirectoryQuery = z.output<typeof DirectoryQuerySchema>;

const joinedKey = sql<string>`to_char(${profiles.joinedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The query's conditions on the profile row alone, and whether it searches words. */
function filtersOf(query: DirectoryQuery): { conditions: SQL[]; searched: boolean } {
  const conditions: SQL[] = [listedCondition];
  const words = prefixQueryOf(query.q);
  // Bound as a parameter, and built only from letters and digits (directory-search.ts).
  if (words) conditions.push(sql`${profiles.search} @@ to_tsquery('simple', ${words})`);
  if (query.stage) conditions.push(eq(profiles.stage, query.stage));
  if (query.expertise) conditions.push(sql`${profiles.expertise} @> array[${query.expertise}]::text[]`);
  if (query.country) conditions.push(eq(profiles.country, query.country));
  if (query.tier) conditions.push(eq(profiles.tier, query.tier));
  return { conditions, searched: words !== null };
}

/** After the cursor in the page's order: newest (joined_at desc, user_id asc) or by name (sort_name, user_id). */
function afterCursor(cursor: DirectoryCursor, sort: DirectoryQuery["sort"]): SQL {
  if (sort === "name") return sql`(${profiles.sortName}, ${profiles.userId}) > (${cursor.key}, ${cursor.id})`;
  // The first half bounds the index walk; the second drops the members of that instant already shown.
  return sql`${profiles.joinedAt} <= ${cursor.key}::timestamptz and (${profiles.joinedAt} < ${cursor.key}::timestamptz or ${profiles.userId} > ${cursor.id})`;
}

/** One page of the member directory for a signed-in member, in the order asked, searched and filtered. */
export async function listDirectory(db: Database, viewer: Viewer, query: DirectoryQuery): Promise<DirectoryPage> {
  const { conditions, searched } = filtersOf(query);
  const cursor = query.cursor ? afterCursor(decodeDirectoryCursor(query.cursor, query.sort), query.sort) : undefined;
  const sortMatches = searched && (await hasFewMatches(db, conditions));
  // Admins wear the Admin badge whatever their tier, so a tier's list leaves them out.
  const notAdmin = query.tier ? ne(users.role, "admin") : undefined;
  const rows = await db
    .select({
      userId: profiles.userId,
      name: profiles.name,
      sortName: profiles.sortName,
      image: users.image,
      role: users.role,
      tier: profiles.tier,
      headline: profiles.headline,
      stage: profiles.stage,
      expertise: profiles.expertise,
      city: profiles.city,
      country: profiles.country,
      active: profiles.active,
      hidden: profiles.hidden,
      textHiddenAt: profiles.textHiddenAt,
      joinedAt: profiles.joinedAt,
      joinedKey,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(...conditions, notAdmin, cursor))
    .orderBy(...orderOf(query.sort, sortMatches))
    .limit(DIRECTORY_PAGE_SIZE + 1);
  const page = rows.slice(0, DIRECTORY_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor = rows.length > DIRECTORY_PAGE_SIZE && last ? encodeDirectoryCursor({ key: query.sort === "name" ? last.sortName : last.joinedKey, id: last.userId }) : null;
  return {
    members: page.map((row): DirectoryMember => {
      const text = canReadText(viewer, row);
      return {
        id: row.userId,
        name: row.name,
        profilePicture: row.image,
        badge: badgeOf(row.role, row.tier),
        headline: text ? row.headline : "",
        stage: row.stage,
        expertise: text ? row.expertise : [],
        city: text ? row.city : "",
        country: row.country,
        memberSince: row.joinedAt.toISOString(),
      };
    }),
    nextCursor,
  };
}
