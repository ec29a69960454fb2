import type { CSSProperties, ReactNode } from 'react';
import classes from './field-grid.module.css';

/**
 * A form's fields on a 12-column grid with the `sm` spacing between them, drawn by a static
 * stylesheet: Mantine's Grid writes a style element for every column it draws, which on the
 * booking screen was some forty of them on a phone's first load.
 */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className={classes.grid}>{children}</div>;
}

/** A field of a FieldGrid: `span` of the 12 columns from the sm breakpoint (48em) up, all 12 below. */
export function FieldCol({ span = 12, children }: { span?: number; children: ReactNode }) {
  return (
    <div className={classes.col} style={{ '--field-span': span } as CSSProperties}>
      {children}
    </div>
  );
}
