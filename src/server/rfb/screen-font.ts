// A 5x7 bitmap font (the classic public-domain one of small displays) for the simulated
// machine's text screen: ' ' to 'Z', five columns a glyph, bit 0 the top row. Lower case is drawn
// in capitals; anything else as '?'.

const glyphs =
	'0000000000' +
	'00005f0000' +
	'0007000700' +
	'147f147f14' +
	'242a7f2a12' +
	'2313086462' +
	'3649562050' +
	'0008070300' +
	'001c224100' +
	'0041221c00' +
	'2a1c7f1c2a' +
	'08083e0808' +
	'0080703000' +
	'0808080808' +
	'0000606000' +
	'2010080402' +
	'3e5149453e' +
	'00427f4000' +
	'7249494946' +
	'2141494d33' +
	'1814127f10' +
	'2745454539' +
	'3c4a494931' +
	'4121110907' +
	'3649494936' +
	'464949291e' +
	'0000140000' +
	'0040340000' +
	'0008142241' +
	'1414141414' +
	'0041221408' +
	'0201590906' +
	'3e415d594e' +
	'7c1211127c' +
	'7f49494936' +
	'3e41414122' +
	'7f4141413e' +
	'7f49494941' +
	'7f09090901' +
	'3e41415173' +
	'7f0808087f' +
	'00417f4100' +
	'2040413f01' +
	'7f08142241' +
	'7f40404040' +
	'7f021c027f' +
	'7f0408107f' +
	'3e4141413e' +
	'7f09090906' +
	'3e4151215e' +
	'7f09192946' +
	'2649494932' +
	'03017f0103' +
	'3f4040403f' +
	'1f2040201f' +
	'3f4038403f' +
	'6314081463' +
	'0304780403' +
	'61594d4543';

/** The glyph's five columns; each a byte whose bit n is row n from the top. */
export function glyph(char: string): number[] {
	let code = char.toUpperCase().charCodeAt(0);
	if (!(code >= 0x20 && code <= 0x5a)) code = 0x3f;
	const at = (code - 0x20) * 10;
	return [0, 2, 4, 6, 8].map((i) => parseInt(glyphs.slice(at + i, at + i + 2), 16));
}
