/** The whole of Mantine's styles, for the screens beyond the public pages (see public-styles.ts). */
import '@mantine/core/styles.layer.css';
