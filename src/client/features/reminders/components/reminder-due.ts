/** 'Today', 'in 3 days', '2 days ago' from whole calendar days (spec §2: "the due date ('Today' or relative)"). */
export function relativeDay(days: number): string {
  if (days === 0) return 'Today';
  const n = Math.abs(days);
  const unit = n === 1 ? 'day' : 'days';
  return days > 0 ? `in ${n} ${unit}` : `${n} ${unit} ago`;
}
