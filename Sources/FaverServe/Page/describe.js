// Moments, dates and places as people read them.

// "2024-05-12T09:00:00+02:00" as the camera's wall clock: "Sun 12 May 2024, 09:00".
export function wallClock(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text || "");
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return {
    day: date.toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
    time: `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`,
  };
}
// The moment's first and last times, as their cameras' clocks showed them; only the day when
// the two clocks were in different zones (a time range across zones reads wrong).
export const zoneOf = (text) => (/([+-]\d{2}:\d{2}|Z)$/.exec(text || "") || [null, ""])[1];
export function describeDates(start, end) {
  const first = wallClock(start);
  const last = wallClock(end);
  if (!first) return "Undated";
  if (!last || last.day !== first.day) return last ? `${first.day} – ${last.day}` : first.day;
  if (zoneOf(start) !== zoneOf(end)) return first.day;
  return first.time === last.time ? `${first.day}, ${first.time}` : `${first.day}, ${first.time}–${last.time}`;
}
// A moment's tile: its day, short, then its times.
export function tileLines(moment) {
  const first = wallClock(moment.start);
  const last = wallClock(moment.end);
  if (moment.boundary === "undated" || !first) return ["Undated", ""];
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(moment.start);
  const date = new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
  const day = date.toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  if (!last || last.day !== first.day) return [day, last ? `to ${last.day}` : ""];
  return [day, first.time === last.time || zoneOf(moment.start) !== zoneOf(moment.end) ? first.time : `${first.time}–${last.time}`];
}
export function describeMoment(moment) {
  return moment.boundary === "undated" ? "Undated" : describeDates(moment.start, moment.end);
}
// "51 photos and 2 videos", "1 photo": as the CLI counts them.
export function describeCounts(moment) {
  const count = (n, noun) => `${n} ${noun}${n === 1 ? "" : "s"}`;
  const parts = [moment.photos ? count(moment.photos, "photo") : "", moment.videos ? count(moment.videos, "video") : ""];
  return parts.filter(Boolean).join(" and ") || count(moment.assets, "photo");
}

export function describePlace(moment) {
  // The place's name (GeoNames, offline), else the country, else the coordinates.
  if (moment.place) {
    const { name, country } = moment.place;
    return [name, country].filter(Boolean).join(", ");
  }
  if (moment.latitude === null || moment.latitude === undefined) return "";
  const lat = `${Math.abs(moment.latitude).toFixed(3)}° ${moment.latitude >= 0 ? "N" : "S"}`;
  const lon = `${Math.abs(moment.longitude).toFixed(3)}° ${moment.longitude >= 0 ? "E" : "W"}`;
  return `${lat}, ${lon}`;
}
