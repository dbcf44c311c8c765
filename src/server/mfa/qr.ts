import QRCode from 'qrcode';

/** The otpauth URI as an SVG QR code, drawn here so the page needs no script and no third party. */
export function qrSvg(uri: string): Promise<string> {
	return QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/** The secret in an otpauth URI the site was handed by the auth service, for typing by hand. */
export function secretOf(uri: string): string {
	return new URL(uri).searchParams.get('secret') ?? '';
}
