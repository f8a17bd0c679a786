/**
 * Ports: what the use cases need from the outside world. Adapters implement them per technology.
 * Each capability declares its own in ports/; this module gathers them while importers move.
 */
export * from './ports/kernel';
export * from './ports/audit';
export * from './ports/organizations';
export * from './ports/users';
export * from './ports/patients';
export * from './ports/care-plans';
export * from './ports/calls';
export * from './ports/summaries';
export * from './ports/settings';
export * from './ports/texts';
export * from './ports/notifications';
export * from './ports/care-time';
export * from './ports/dashboard';
