import { vpsPart } from '../../stores/configurator-vps';
import type { PublicVpsImage } from '../../lib/vps/images';
import Configurator, { type ConfiguratorProps } from './Configurator';
import type { VpsFieldStrings } from './strings';
import VpsFields from './VpsFields';

interface Props extends ConfiguratorProps {
	/** The images the page offers (no operator internals) and the fields' strings. */
	vps: { images: PublicVpsImage[]; strings: VpsFieldStrings };
}

/**
 * The VPS page's island: the configurator with the VPS fields (image, hostname, sign-in) and the
 * SSH key rules they check by. A game page's island is Configurator alone and loads none of them.
 */
export default function VpsConfigurator({ vps, ...props }: Props) {
	return <Configurator {...props} vps={{ ...vps, part: vpsPart(vps.images), Fields: VpsFields }} />;
}
