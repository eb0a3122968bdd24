export interface SectionPosition {
  id: string;
  /** Distance of the section's top edge from the top of the viewport, in CSS pixels. */
  top: number;
}

/**
 * The section the reader is in: the last one whose top has come within `offset` pixels of the top of the
 * viewport (docs/product.md §9). At the very end of the page the last section counts too, since a short last
 * section can never scroll up that far. Undefined while the reader is above every section.
 */
export function activeSectionId(
  sections: readonly SectionPosition[],
  offset: number,
  scrolledToEnd = false,
): string | undefined {
  if (scrolledToEnd && sections.length > 0) return sections[sections.length - 1]?.id;
  let active: string | undefined;
  for (const section of sections) {
    if (section.top <= offset) active = section.id;
  }
  return active;
}
