export { readiness, type PartResult, type Readiness, type ReadinessOptions } from './readiness';
export {
	defaultChecks,
	gamePanelCheck,
	gatewayCheck,
	mailerCheck,
	probeDatabase,
	type Check,
	type PartName,
} from './checks';
export { sharedReadiness } from './shared';
