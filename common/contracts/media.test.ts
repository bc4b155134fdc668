import { describe, expect, it } from "vitest";
import { formatFileSize, youtubeIdFrom } from "./media";

describe("media sizes and YouTube addresses", () => {
  it("shows sizes in Bytes, KB, MB and GB with two decimals (spec 001 §9), 'N/A' when absent", () => {
    const shown = [0, 1, 1023, 1024, 1536, 10 * 1024 * 1024 + 1, 3 * 1024 ** 3, 5 * 1024 ** 4, null, undefined, Number.NaN].map(formatFileSize);
    expect(shown).toEqual(["0 Bytes", "1.00 Bytes", "1023.00 Bytes", "1.00 KB", "1.50 KB", "10.00 MB", "3.00 GB", "5120.00 GB", "N/A", "N/A", "N/A"]);
  });

  it("finds the 11-character id in every common address form and nothing in look-alikes", () => {
    const id = "dQw4w9WgXcQ";
    const forms = [
      `https://www.youtube.com/watch?v=${id}`,
      `https://youtube.com/watch?feature=share&v=${id}&t=42s`,
      `youtube.com/watch?v=${id}`,
      `https://youtu.be/${id}?si=abc`,
      `https://www.youtube.com/embed/${id}?autoplay=1`,
      `https://www.youtube-nocookie.com/embed/${id}`,
      `https://www.youtube.com/shorts/${id}`,
      `https://m.youtube.com/watch?v=${id}`,
      `https://music.youtube.com/watch?v=${id}&list=RD1`,
      `https://www.youtube.com/live/${id}`,
      `https://www.youtube.com/v/${id}`,
      `  https://youtu.be/${id}  `,
    ];
    expect(forms.map(youtubeIdFrom)).toEqual(forms.map(() => id));
    const refused = [
      "https://www.youtube.com/watch?v=short",
      `https://www.youtube.com/watch?v=${id}X`,
      `https://evil.example/watch?v=${id}`,
      `https://youtube.com.evil.example/embed/${id}`,
      `https://vimeo.com/${id}`,
      "https://www.youtube.com/",
      `https://www.youtube.com/channel/${id}`,
      "not a url",
      "",
    ];
    expect(refused.map(youtubeIdFrom)).toEqual(refused.map(() => null));
  });
});
