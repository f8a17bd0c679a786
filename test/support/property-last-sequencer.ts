/**
 * Vitest's order (failed first, then the slowest or largest files first), with the property test
 * moved to the end of its run (issue 27: a fast loop). In CI the int project runs beside the browser
 * tests on two cores, and the int files after the browser tests end ran on about 1.2 of them (a
 * file at a time, waiting on the stack); the property test, with several routes at once, uses both.
 * Run last, it is the part that runs alone.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LAST = /property\.int\.test\.ts$/;

export default class PropertyLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [
      ...sorted.filter((file) => !LAST.test(file.moduleId)),
      ...sorted.filter((file) => LAST.test(file.moduleId)),
    ];
  }
}
