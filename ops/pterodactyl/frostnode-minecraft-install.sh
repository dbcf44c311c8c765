#!/bin/bash
# Frostnode Minecraft: the install script of the Pterodactyl egg in egg-frostnode-minecraft.json,
# which embeds this file (edit it here, then `npm run egg:build`).
#
# Installs plain server software (SOFTWARE = vanilla, paper, fabric, forge, neoforge) at
# MC_VERSION, or a Modrinth modpack (SOFTWARE = modrinth) by MODRINTH_PROJECT_ID and
# MODRINTH_VERSION_ID, into the server's folder. Any failure exits non-zero, so the panel marks
# the install failed instead of leaving a server that cannot start. Worlds are kept unless
# FRESH_WORLD is 1 (once per INSTALL_ID); the previous install's files, listed in
# .frostnode/pack-files.txt, are removed first; a start file (.serverjar or unix_args.txt) must
# exist at the end.
set -euo pipefail

SERVER_DIR=${SERVER_DIR:-/mnt/server}
MODRINTH_API=${MODRINTH_API:-https://api.modrinth.com/v2}
USER_AGENT="frostnode/minecraft-installer/1.0 (${INSTALLER_CONTACT:-contact not set})"
STATE=.frostnode
MANIFEST=$STATE/pack-files.txt
WORK=${WORK:-/tmp/frostnode-install}

say() { printf '%s\n' "$*"; }
fail() {
	printf 'Install failed: %s\n' "$*" >&2
	exit 1
}

# --- Network: HTTPS only, a real User-Agent (Modrinth refuses anonymous ones), retries that honour
# 429's Retry-After. Tests replace these two.
fetch() { # URL DEST
	curl -fsSL --proto '=https' --proto-redir '=https' --max-redirs 5 --retry 3 \
		--connect-timeout 20 -A "$USER_AGENT" -o "$2" -- "$1"
}
fetch_json() { # URL, to stdout
	curl -fsSL --proto '=https' --proto-redir '=https' --max-redirs 5 --retry 3 \
		--connect-timeout 20 -A "$USER_AGENT" -H 'Accept: application/json' -- "$1"
}

# --- Pure rules (tested by install-rules.test.ts and install-pack.test.ts) ------------------------------

# The .mrpack format's safe relative path (Modrinth's path-util): not empty, not absolute, no
# backslash, no drive, no `.`/`..`/empty part, no Windows device name, no control character; and
# never our own .frostnode folder.
safe_path() {
	local path=$1 part name
	[[ -n $path && $path != /* && $path != */ && $path != *//* ]] || return 1
	[[ $path != *\\* && $path != *[[:cntrl:]]* && ! $path =~ ^[A-Za-z]: ]] || return 1
	[[ $path != "$STATE" && $path != "$STATE"/* ]] || return 1
	local -a parts
	IFS=/ read -ra parts <<<"$path"
	for part in "${parts[@]}"; do
		[[ $part != . && $part != .. ]] || return 1
		name=${part%%.*}
		case ${name^^} in
		CON | PRN | AUX | NUL | COM[1-9] | LPT[1-9] | 'CONIN$' | 'CONOUT$') return 1 ;;
		esac
	done
}

# Checks modrinth.index.json and prints each file a dedicated server needs (env absent, or its
# server side not `unsupported`) as: path TAB size TAB sha512 TAB space-separated HTTPS URLs.
pack_files() { # INDEX
	jq -er '
		def need(ok; why): if ok then . else error(why) end;
		need(.formatVersion == 1; "formatVersion is \(.formatVersion), not 1")
		| need(.game == "minecraft"; "the pack is for \(.game), not Minecraft")
		| (.files // [])[]
		| select((.env.server // "required") != "unsupported")
		| need((.path | type) == "string"; "a file has no path")
		| need((.fileSize | type) == "number" and .fileSize >= 0; "\(.path): no size")
		| need((.hashes.sha512 // "" | ascii_downcase | test("^[0-9a-f]{128}$")); "\(.path): no sha512")
		| need((.hashes.sha1 // "" | ascii_downcase | test("^[0-9a-f]{40}$")); "\(.path): no sha1")
		| need((.downloads | type) == "array" and (.downloads | length) > 0
			and all(.downloads[]; type == "string" and test("^https://[^[:space:]]+$")); "\(.path): no HTTPS download")
		| [.path, (.fileSize | tostring), (.hashes.sha512 | ascii_downcase), (.downloads | join(" "))]
		| @tsv' "$1"
}

# The pack's loader as "<loader> <version>": exactly one of forge, neoforge, fabric-loader,
# quilt-loader besides minecraft.
pack_loader() { # INDEX
	jq -er '
		(.dependencies // {}) | to_entries | map(select(.key != "minecraft"))
		| if length != 1 then error("the pack names \(length) loaders (\(map(.key) | join(", "))), not one")
			else .[0] as $d
			| {"forge": "forge", "neoforge": "neoforge", "fabric-loader": "fabric", "quilt-loader": "quilt"}[$d.key]
			| if . == null then error("the pack needs \($d.key), which is not supported") else "\(.) \($d.value)" end
			end' "$1"
}

pack_minecraft() { # INDEX
	jq -er '.dependencies.minecraft // error("the pack names no Minecraft version")' "$1"
}

# NeoForge's Maven artifact and version for a Minecraft version, as "artifact version". 1.20.1's
# is the old `forge` artifact (`1.20.1-47.1.106`); later ones are `neoforge`, numbered by
# Minecraft's minor and patch (21.1.77 is for 1.21.1). A version for another Minecraft fails here.
neoforge_artifact() { # MINECRAFT VERSION
	local mc=$1 version=$2 want
	if [[ $mc == 1.20.1 ]]; then
		printf 'forge 1.20.1-%s\n' "${version#1.20.1-}"
		return
	fi
	if [[ $mc =~ ^1\.([0-9]+)(\.([0-9]+))?$ ]]; then
		want="${BASH_REMATCH[1]}.${BASH_REMATCH[3]:-0}."
	else
		want="$mc."
	fi
	if [[ $version != "$want"* ]]; then
		printf 'NeoForge %s is not for Minecraft %s\n' "$version" "$mc" >&2
		return 1
	fi
	printf 'neoforge %s\n' "$version"
}

# Forge writes unix_args.txt from Minecraft 1.17 on (and for the year-numbered versions, 26.1 on);
# older versions start from a jar.
forge_modern() { # MINECRAFT
	[[ ! $1 =~ ^1\.([0-9]+) ]] || ((BASH_REMATCH[1] >= 17))
}

# The world folders of server.properties' level-name (default `world`).
world_dirs() {
	local level=''
	[[ -f server.properties ]] && level=$(sed -n 's/^level-name=//p' server.properties | tail -n 1 | tr -d '\r')
	[[ -n $level ]] || level=world
	safe_path "$level" || fail "level-name $level in server.properties is not a folder of the server"
	printf '%s\n' "$level" "${level}_nether" "${level}_the_end"
}

# --- Files --------------------------------------------------------------------------------------

record() { printf '%s\n' "$@" >>"$MANIFEST"; }

# Removes what the previous install wrote (software, the pack's files, its overrides), then the
# worlds when a fresh world was asked for with a new INSTALL_ID (a panel reinstall with the same
# variables keeps them). Starts the new list.
prepare() {
	mkdir -p "$STATE"
	local path count=0
	if [[ -f $MANIFEST ]]; then
		while IFS= read -r path; do
			safe_path "$path" || continue
			rm -f -- "$path"
			count=$((count + 1))
		done <"$MANIFEST"
		say "Removed $count files of the previous install"
	fi
	# The loaders' libraries and Mojang's extracted jars: software only, rebuilt by the install.
	rm -rf -- libraries versions .fabric .quilt unix_args.txt .serverjar
	: >"$MANIFEST"
	local last='' dirs dir
	[[ ! -f $STATE/install-id ]] || last=$(<"$STATE/install-id")
	if [[ ${FRESH_WORLD:-0} == 1 && -n ${INSTALL_ID:-} && $INSTALL_ID != "$last" ]]; then
		dirs=$(world_dirs)
		while IFS= read -r dir; do
			if [[ -d $dir ]]; then
				rm -rf -- "$dir"
				say "Removed the world folder $dir (fresh world)"
			fi
		done <<<"$dirs"
	elif [[ ${FRESH_WORLD:-0} == 1 ]]; then
		say "Worlds kept: FRESH_WORLD=1 applies once per new INSTALL_ID"
	fi
	printf '%s\n' "${INSTALL_ID:-}" >"$STATE/install-id"
}

download_file() { # PATH SIZE SHA512 URL...
	local path=$1 size=$2 sha512=$3 url part
	shift 3
	part="$path.part"
	mkdir -p -- "$(dirname -- "$path")"
	for url in "$@"; do
		rm -f -- "$part"
		if fetch "$url" "$part" && [[ $(stat -c %s -- "$part") == "$size" ]] &&
			[[ $(sha512sum -- "$part" | cut -d ' ' -f 1) == "$sha512" ]]; then
			rm -f -- "$path"
			mv -- "$part" "$path"
			return 0
		fi
		say "  $url failed (download, size or sha512), trying the next mirror"
	done
	rm -f -- "$part"
	return 1
}

# Copies one overrides folder of the unpacked pack over the server, each file recorded.
apply_overrides() { # FOLDER
	local from=$1 file path
	[[ -d $from ]] || return 0
	while IFS= read -r -d '' file; do
		path=${file#"$from"/}
		safe_path "$path" || fail "the pack's ${from##*/}/$path is not a safe path"
		record "$path"
		mkdir -p -- "$(dirname -- "$path")"
		rm -f -- "$path"
		cp -- "$file" "$path"
	done < <(find "$from" -type f -print0 | sort -z)
	say "Applied ${from##*/}/"
}

# Every start needs .serverjar (naming a jar that is there) or unix_args.txt (Forge, NeoForge).
verify_start() {
	if [[ -f unix_args.txt ]]; then
		say "Start file: unix_args.txt"
	elif [[ -s .serverjar && -f $(<.serverjar) ]]; then
		say "Start file: $(<.serverjar)"
	else
		fail "no start file was written (.serverjar naming a jar, or unix_args.txt)"
	fi
}

# --- Loaders and server software -----------------------------------------------------------------

installer_run() { # NAME JAR ARGS...
	local name=$1
	shift
	if ! java -jar "$@" >"$WORK/$name.log" 2>&1; then
		tail -n 30 "$WORK/$name.log"
		fail "the $name installer failed"
	fi
}

install_vanilla() { # MINECRAFT
	local manifest url meta jar sha1
	manifest=$(fetch_json https://piston-meta.mojang.com/mc/game/version_manifest_v2.json) ||
		fail "Mojang's version list could not be read"
	url=$(jq -er --arg v "$1" '.versions[] | select(.id == $v) | .url' <<<"$manifest") ||
		fail "Minecraft $1 does not exist"
	meta=$(fetch_json "$url") || fail "Minecraft $1's details could not be read"
	read -r jar sha1 < <(jq -er '.downloads.server | [.url, .sha1] | @tsv' <<<"$meta") ||
		fail "Minecraft $1 has no server"
	fetch "$jar" server.jar || fail "the Minecraft $1 server could not be downloaded"
	[[ $(sha1sum server.jar | cut -d ' ' -f 1) == "$sha1" ]] || fail "server.jar's sha1 is wrong"
	record server.jar
	echo server.jar >.serverjar
}

install_paper() { # MINECRAFT
	local api=https://fill.papermc.io/v3/projects/paper build url sha256 jar="paper-$1.jar"
	build=$(fetch_json "$api/versions/$1" | jq -er '.builds[0]') || fail "Paper has no build for Minecraft $1"
	read -r url sha256 < <(fetch_json "$api/versions/$1/builds/$build" |
		jq -er '.downloads."server:default" | [.url, .checksums.sha256] | @tsv') ||
		fail "Paper build $build could not be read"
	fetch "$url" "$jar" || fail "Paper $1 could not be downloaded"
	[[ $(sha256sum "$jar" | cut -d ' ' -f 1) == "$sha256" ]] || fail "$jar's sha256 is wrong"
	record "$jar"
	echo "$jar" >.serverjar
}

install_fabric() { # MINECRAFT [LOADER]
	local meta=https://meta.fabricmc.net/v2/versions loader=${2:-} installer
	[[ -n $loader ]] || loader=$(fetch_json "$meta/loader/$1" | jq -er '[.[] | select(.loader.stable)][0].loader.version') ||
		fail "Fabric has no loader for Minecraft $1"
	installer=$(fetch_json "$meta/installer" | jq -er '[.[] | select(.stable)][0].url') ||
		fail "the Fabric installer could not be found"
	say "Installing Fabric $loader for Minecraft $1"
	fetch "$installer" "$WORK/fabric-installer.jar" || fail "the Fabric installer could not be downloaded"
	installer_run fabric "$WORK/fabric-installer.jar" server -mcversion "$1" -loader "$loader" -downloadMinecraft
	record fabric-server-launch.jar fabric-server-launcher.properties server.jar
	echo fabric-server-launch.jar >.serverjar
}

install_quilt() { # MINECRAFT LOADER
	local installer
	installer=$(fetch_json https://meta.quiltmc.org/v3/versions/installer | jq -er '.[0].url') ||
		fail "the Quilt installer could not be found"
	say "Installing Quilt $2 for Minecraft $1"
	fetch "$installer" "$WORK/quilt-installer.jar" || fail "the Quilt installer could not be downloaded"
	installer_run quilt "$WORK/quilt-installer.jar" install server "$1" "$2" --download-server --install-dir=.
	record quilt-server-launch.jar server.jar
	echo quilt-server-launch.jar >.serverjar
}

install_forge() { # MINECRAFT [VERSION]
	local mc=$1 version=${2:-} full jar
	[[ -n $version ]] || version=$(fetch_json https://files.minecraftforge.net/net/minecraftforge/forge/promotions_slim.json |
		jq -er --arg r "$mc-recommended" --arg l "$mc-latest" '.promos[$r] // .promos[$l]') ||
		fail "Forge has no version for Minecraft $mc"
	full="$mc-${version#"$mc"-}"
	[[ $mc == 1.7.10 || $mc == 1.8.9 ]] && full="$full-$mc"
	say "Installing Forge $full"
	fetch "https://maven.minecraftforge.net/net/minecraftforge/forge/$full/forge-$full-installer.jar" \
		"$WORK/forge-installer.jar" || fail "Forge $full could not be downloaded"
	installer_run forge "$WORK/forge-installer.jar" --installServer
	record run.sh run.bat user_jvm_args.txt
	if forge_modern "$mc"; then
		ln -sf "libraries/net/minecraftforge/forge/$full/unix_args.txt" unix_args.txt
	else
		jar="forge-$full.jar"
		[[ $mc == 1.7.10 ]] && jar="forge-$full-universal.jar"
		record "$jar" "minecraft_server.$mc.jar"
		echo "$jar" >.serverjar
	fi
}

# The newest NeoForge for a Minecraft version from its Maven list, a stable one before a beta.
neoforge_latest() { # MINECRAFT
	local artifact=neoforge xml v found='' stable=''
	[[ $1 != 1.20.1 ]] || artifact=forge
	xml=$(fetch_json "https://maven.neoforged.net/releases/net/neoforged/$artifact/maven-metadata.xml") || return 1
	while IFS= read -r v; do
		[[ $artifact == neoforge || $v == 1.20.1-* ]] || continue
		neoforge_artifact "$1" "$v" >/dev/null 2>&1 || continue
		found=$v
		[[ $v == *-beta* ]] || stable=$v
	done < <(grep -o '<version>[^<]*</version>' <<<"$xml" | sed 's/<[^>]*>//g')
	[[ -n ${stable:-$found} ]] && printf '%s\n' "${stable:-$found}"
}

install_neoforge() { # MINECRAFT [VERSION]
	local mc=$1 version=${2:-} artifact
	[[ -n $version ]] || version=$(neoforge_latest "$mc") || fail "NeoForge has no version for Minecraft $mc"
	read -r artifact version < <(neoforge_artifact "$mc" "$version") || fail "NeoForge $version is not for Minecraft $mc"
	say "Installing NeoForge $version for Minecraft $mc"
	fetch "https://maven.neoforged.net/releases/net/neoforged/$artifact/$version/$artifact-$version-installer.jar" \
		"$WORK/neoforge-installer.jar" || fail "NeoForge $version could not be downloaded"
	installer_run neoforge "$WORK/neoforge-installer.jar" --installServer
	record run.sh run.bat user_jvm_args.txt
	ln -sf "libraries/net/neoforged/$artifact/$version/unix_args.txt" unix_args.txt
}

install_loader() { # LOADER MINECRAFT [VERSION]
	case $1 in
	forge) install_forge "$2" "${3:-}" ;;
	neoforge) install_neoforge "$2" "${3:-}" ;;
	fabric) install_fabric "$2" "${3:-}" ;;
	quilt) install_quilt "$2" "$3" ;;
	*) fail "unsupported loader $1" ;;
	esac
}

# --- Plain software -----------------------------------------------------------------------------

latest_minecraft() {
	fetch_json https://piston-meta.mojang.com/mc/game/version_manifest_v2.json | jq -er '.latest.release' ||
		fail "Mojang's version list could not be read"
}

install_software() {
	local mc=$MC_VERSION name
	[[ $mc != latest ]] || mc=$(latest_minecraft)
	case $SOFTWARE in
	neoforge) name=NeoForge ;;
	*) name=${SOFTWARE^} ;;
	esac
	say "Installing $name $mc"
	prepare
	case $SOFTWARE in
	vanilla) install_vanilla "$mc" ;;
	paper) install_paper "$mc" ;;
	*) install_loader "$SOFTWARE" "$mc" ;;
	esac
}

# --- Modrinth modpacks --------------------------------------------------------------------------

install_modpack() {
	local version project title name url size sha512 index loader loader_version mc entry
	say "Looking up Modrinth version $MODRINTH_VERSION_ID"
	version=$(fetch_json "$MODRINTH_API/version/$MODRINTH_VERSION_ID") ||
		fail "Modrinth has no version $MODRINTH_VERSION_ID"
	[[ $(jq -r .project_id <<<"$version") == "$MODRINTH_PROJECT_ID" ]] ||
		fail "version $MODRINTH_VERSION_ID is not a version of project $MODRINTH_PROJECT_ID"
	project=$(fetch_json "$MODRINTH_API/project/$MODRINTH_PROJECT_ID") ||
		fail "Modrinth has no project $MODRINTH_PROJECT_ID"
	title=$(jq -r .title <<<"$project")
	[[ $(jq -r .project_type <<<"$project") == modpack ]] ||
		fail "$title is a $(jq -r .project_type <<<"$project"), not a modpack: only modpacks are installed"
	name=$(jq -r .version_number <<<"$version")
	read -r url size sha512 < <(jq -er '[.files[] | select(.filename | endswith(".mrpack"))]
		| (map(select(.primary)) + .)[0] // error("no .mrpack")
		| [.url, (.size | tostring), .hashes.sha512] | @tsv' <<<"$version") ||
		fail "$title $name has no .mrpack file"
	download_file "$WORK/pack.mrpack" "$size" "$sha512" "$url" || fail "the pack could not be downloaded"

	# Everything is checked before anything of the server's is touched.
	while IFS= read -r entry; do
		entry=${entry%/}
		[[ $entry != modrinth.index.json ]] || continue
		[[ $entry =~ ^(overrides|server-overrides|client-overrides)(/(.+))?$ ]] ||
			fail "the pack holds $entry, outside its index and overrides"
		[[ -z ${BASH_REMATCH[3]} ]] || safe_path "${BASH_REMATCH[3]}" || fail "the pack's $entry is not a safe path"
	done < <(unzip -Z1 "$WORK/pack.mrpack")
	# client-overrides/ is unpacked with the rest and never applied.
	unzip -q "$WORK/pack.mrpack" -d "$WORK/pack"
	[[ -z $(find "$WORK/pack" -type l) ]] || fail "the pack holds symbolic links"
	index=$WORK/pack/modrinth.index.json
	pack_files "$index" >"$WORK/files.tsv" || fail "the pack's modrinth.index.json is not valid"
	while IFS=$'\t' read -r entry _; do
		safe_path "$entry" || fail "the pack's file $entry is not a safe path"
	done <"$WORK/files.tsv"
	read -r loader loader_version < <(pack_loader "$index") || fail "the pack's loader is not supported"
	mc=$(pack_minecraft "$index") || fail "the pack names no Minecraft version"
	[[ -z ${MODPACK_LOADER:-} || $MODPACK_LOADER == "$loader" ]] ||
		fail "the pack runs on $loader, not $MODPACK_LOADER as expected"
	[[ -z ${MODPACK_LOADER_VERSION:-} || $MODPACK_LOADER_VERSION == "$loader_version" ]] ||
		fail "the pack needs $loader $loader_version, not $MODPACK_LOADER_VERSION as expected"
	[[ -z ${MC_VERSION:-} || $MC_VERSION == "$mc" ]] || fail "the pack is for Minecraft $mc, not $MC_VERSION"
	[[ $loader != neoforge ]] || neoforge_artifact "$mc" "$loader_version" >/dev/null ||
		fail "the pack's NeoForge does not match its Minecraft"

	say "Installing $title $name ($loader $loader_version, Minecraft $mc)"
	prepare
	local path
	while IFS=$'\t' read -r path size sha512 url; do
		say "Downloading $path"
		record "$path"
		# shellcheck disable=SC2086 # the mirrors, one word each
		download_file "$path" "$size" "$sha512" $url || fail "$path could not be downloaded from any mirror"
	done <"$WORK/files.tsv"
	apply_overrides "$WORK/pack/overrides"
	apply_overrides "$WORK/pack/server-overrides"
	install_loader "$loader" "$mc" "$loader_version"
}

# --- Main ---------------------------------------------------------------------------------------

ensure_tools() {
	command -v curl >/dev/null && command -v jq >/dev/null && command -v unzip >/dev/null && return
	say "Installing curl, jq and unzip"
	apt-get update -qq >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq curl jq unzip ca-certificates >/dev/null
}

main() {
	ensure_tools
	mkdir -p "$SERVER_DIR"
	cd "$SERVER_DIR"
	rm -rf "$WORK"
	mkdir -p "$WORK"
	case ${SOFTWARE:-} in
	modrinth)
		[[ ${MODRINTH_PROJECT_ID:-} =~ ^[0-9A-Za-z]{8}$ && ${MODRINTH_VERSION_ID:-} =~ ^[0-9A-Za-z]{8}$ ]] ||
			fail "SOFTWARE=modrinth needs MODRINTH_PROJECT_ID and MODRINTH_VERSION_ID (8-character ids)"
		install_modpack
		;;
	vanilla | paper | fabric | forge | neoforge)
		[[ -n ${MC_VERSION:-} ]] || fail "MC_VERSION is not set"
		install_software
		;;
	*) fail "SOFTWARE must be vanilla, paper, fabric, forge, neoforge or modrinth, not '${SOFTWARE:-}'" ;;
	esac
	verify_start
	rm -rf "$WORK"
	say "Install completed"
}

# Run by the panel; sourced by the tests, which call the functions one by one.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	main "$@"
fi
