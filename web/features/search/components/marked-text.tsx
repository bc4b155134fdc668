import type { TextPiece } from "../../../../common/contracts/search";

/**
 * Text with the matched words in <mark>. Every piece is rendered as a React text node, so a member's
 * `<img onerror=…>` shows as those characters and never becomes markup.
 */
export function MarkedText({ pieces }: { pieces: TextPiece[] }) {
  return (
    <>
      {pieces.map((piece, index) =>
        piece.match ? (
          <mark key={index} className="rounded-sm bg-brass-100 px-0.5 text-ink">
            {piece.text}
          </mark>
        ) : (
          <span key={index}>{piece.text}</span>
        ),
      )}
    </>
  );
}
