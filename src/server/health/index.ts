export { readiness, type PartResult, type Readiness, type ReadinessOptions } from './readiness';
export {
	defaultChecks,
	gamePanelCheck,
	gatewayCheck,
	hypervisorCheck,
	mailerCheck,
	probeDatabase,
	type Check,
	type PartName,
} from './checks';
export { sharedReadiness } from './shared';
