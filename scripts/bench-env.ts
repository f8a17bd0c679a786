/**
 * Imported first by the bench: the handlers it runs in this process (the fleet simulation's
 * especially) print no CloudWatch metrics (Powertools reads this when its module loads).
 */
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
