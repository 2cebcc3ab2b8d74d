/** The words about whose days the dashboard counts (the seller's time zone), in Brazilian Portuguese. */
import type { DaysStrings } from "./days.en";

export const daysPtBR: DaysStrings = {
  days: {
    zoneNote: (name, zone) => `Dias pelo ${name} (${zone}); hoje está incluído.`,
  },
};
