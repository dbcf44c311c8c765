import { resolveDomain } from './introspect.ts';
import type {
	Catalog,
	ColumnInfo,
	FunctionArg,
	FunctionInfo,
	Relationship,
	RelationInfo,
	TypeInfo,
} from './introspect.ts';

// Renders the catalog as `supabase gen types typescript` does (postgres-meta's TypeScript template,
// with one-to-one detection on, as the CLI runs it): the same sections, names, ordering and type
// mapping, so code typed with it is typed as with the CLI's file. Unformatted; the caller runs
// Prettier. One deliberate difference: a function argument or result of a domain type is typed as
// the domain's base type, where the CLI gives `unknown` (columns are resolved by both).

const JSON_TYPE_IDS = new Set([114, 3802, 25]); // json, jsonb, text: PostgREST's unnamed-argument types
const INPUT_MODES = new Set<FunctionArg['mode']>(['in', 'inout', 'variadic']);
const collator = new Intl.Collator('en-US');
const compare = (a: string, b: string) => collator.compare(a, b);
const q = (value: unknown) => JSON.stringify(value);

interface SchemaFunction {
	fn: FunctionInfo;
	inArgs: FunctionArg[];
}

export function renderDatabaseTypes(catalog: Catalog, defaultSchema = 'public'): string {
	const { schemas } = catalog;
	const typesById = new Map(catalog.types.map((type) => [type.id, type]));
	const relationTypes = new Map(
		catalog.types.filter((type) => type.relationId !== null).map((type) => [type.id, type]),
	);
	const tables = catalog.relations.filter((r) => r.kind === 'table');
	const views = catalog.relations.filter((r) => r.kind === 'view');
	const relationsById = new Map(catalog.relations.map((r) => [r.id, r]));
	const columnsByRelation = new Map<number, ColumnInfo[]>(catalog.relations.map((r) => [r.id, []]));
	for (const column of catalog.columns) columnsByRelation.get(column.tableId)?.push(column);
	for (const list of columnsByRelation.values()) list.sort((a, b) => compare(a.name, b.name));
	const columnsOf = (relation: RelationInfo) => columnsByRelation.get(relation.id) ?? [];
	const relationships = [...catalog.relationships].sort(
		(a, b) =>
			compare(a.foreignKeyName, b.foreignKeyName) ||
			compare(a.referencedRelation, b.referencedRelation) ||
			compare(q(a.referencedColumns), q(b.referencedColumns)),
	);

	const tsType = (schema: string, pgType: string): string => {
		if (pgType === 'bool') return 'boolean';
		if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'].includes(pgType)) return 'number';
		if (
			[
				'bytea',
				'bpchar',
				'varchar',
				'date',
				'text',
				'citext',
				'time',
				'timetz',
				'timestamp',
				'timestamptz',
				'uuid',
				'vector',
				'interval',
			].includes(pgType)
		)
			return 'string';
		if (pgType === 'json' || pgType === 'jsonb') return 'Json';
		if (pgType === 'void') return 'undefined';
		if (pgType === 'record') return 'Record<string, unknown>';
		if (pgType.startsWith('_')) return `(${tsType(schema, pgType.slice(1))})[]`;
		const pick = <T extends { schema: string }>(candidates: T[]) =>
			candidates.find((c) => c.schema === schema) ?? candidates[0];
		const enumType = pick(catalog.types.filter((t) => t.name === pgType && t.enums.length > 0));
		if (enumType) {
			return schemas.includes(enumType.schema)
				? `Database[${q(enumType.schema)}]['Enums'][${q(enumType.name)}]`
				: enumType.enums.map(q).join(' | ');
		}
		const composite = pick(
			catalog.types.filter((t) => t.name === pgType && t.attributes.length > 0),
		);
		if (composite) {
			return schemas.includes(composite.schema)
				? `Database[${q(composite.schema)}]['CompositeTypes'][${q(composite.name)}]`
				: 'unknown';
		}
		const table = pick(tables.filter((t) => t.name === pgType));
		if (table) return `Database[${q(table.schema)}]['Tables'][${q(table.name)}]['Row']`;
		const view = pick(views.filter((v) => v.name === pgType));
		if (view) return `Database[${q(view.schema)}]['Views'][${q(view.name)}]['Row']`;
		return 'unknown';
	};
	const typeIdToTs = (schema: string, typeId: number) => {
		const type = resolveDomain(typesById, typeId);
		return type ? tsType(schema, type.name) : 'unknown';
	};
	const nullable = (type: string, isNullable: boolean) =>
		isNullable && type !== 'unknown' && type !== 'any' ? `${type} | null` : type;
	const field = (schema: string, column: ColumnInfo, optional: boolean, isNullable: boolean) =>
		`${q(column.name)}${optional ? '?' : ''}: ${nullable(tsType(schema, column.format), isNullable)}`;

	const relationshipsOf = (relation: RelationInfo) =>
		relationships
			.filter(
				(r) =>
					r.schema === relation.schema &&
					r.relation === relation.name &&
					r.referencedSchema === relation.schema,
			)
			.map(
				(r: Relationship) => `{
					foreignKeyName: ${q(r.foreignKeyName)}
					columns: ${q(r.columns)}
					isOneToOne: ${r.isOneToOne}
					referencedRelation: ${q(r.referencedRelation)}
					referencedColumns: ${q(r.referencedColumns)}
				}`,
			)
			.join(',\n');

	// The relation a function returns rows of, by name, for SetofOptions.
	const returnedRelationName = (fn: FunctionInfo): string | null => {
		if (fn.returnTypeRelationId === null) return null;
		const relation = relationsById.get(fn.returnTypeRelationId);
		if (relation) return relation.name;
		return relationTypes.get(fn.returnTypeId)?.name ?? null;
	};

	const functionsBySchema = new Map<string, SchemaFunction[]>(schemas.map((s) => [s, []]));
	for (const fn of catalog.functions) {
		const list = functionsBySchema.get(fn.schema);
		if (!list) continue;
		const args = [...fn.args].sort((a, b) => compare(a.name, b.name));
		const sorted = { ...fn, args };
		const inArgs = args.filter((arg) => INPUT_MODES.has(arg.mode));
		// PostgREST can call it: no arguments, all named, unnamed ones only with defaults of a JSON or
		// text type, or one unnamed argument of such a type or of a row type.
		const callable =
			inArgs.length === 0 ||
			!inArgs.some((arg) => arg.name === '') ||
			inArgs.every((arg) => arg.name !== '' || (arg.hasDefault && JSON_TYPE_IDS.has(arg.typeId))) ||
			(inArgs.length === 1 &&
				(JSON_TYPE_IDS.has(inArgs[0]!.typeId) || relationTypes.has(inArgs[0]!.typeId)));
		if (callable) list.push({ fn: sorted, inArgs });
	}
	for (const list of functionsBySchema.values()) list.sort((a, b) => compare(a.fn.name, b.fn.name));

	const returnType = (schema: string, fn: FunctionInfo): string => {
		const tableArgs = fn.args.filter((arg) => arg.mode === 'table');
		if (tableArgs.length > 0) {
			return `{
${tableArgs.map((arg) => `${q(arg.name)}: ${typeIdToTs(schema, arg.typeId)}`).join('\n')}
}`;
		}
		const relation =
			fn.returnTypeRelationId === null ? undefined : relationsById.get(fn.returnTypeRelationId);
		if (relation && relation.schema === schema) {
			return `{
${columnsOf(relation)
	.map((column) => field(schema, column, false, column.isNullable))
	.join('\n')}
}`;
		}
		return typeIdToTs(schema, fn.returnTypeId);
	};

	const returnsWithSetof = (fn: FunctionInfo, type: string): string => {
		const target = returnedRelationName(fn);
		const setOfRelation = fn.isSetReturning && fn.returnTypeRelationId !== null;
		const manyRows = fn.prorows !== null && fn.prorows > 1;
		let setof: { from: string; isOneToOne: boolean; isSetofReturn: boolean } | null = target
			? { from: '*', isOneToOne: !manyRows, isSetofReturn: fn.isSetReturning }
			: null;
		const source = fn.args.length === 1 ? relationTypes.get(fn.args[0]!.typeId) : undefined;
		if (source && target) {
			setof = setOfRelation
				? { from: source.format, isOneToOne: !manyRows, isSetofReturn: true }
				: { from: source.format, isOneToOne: true, isSetofReturn: false };
		}
		// One row at most, and the client knows it from SetofOptions: no array.
		const single = !manyRows && target !== null;
		const array = fn.isSetReturning && !single ? '[]' : '';
		const options = setof
			? `SetofOptions: {
				from: ${q(setof.from)}
				to: ${q(target)}
				isOneToOne: ${setof.isOneToOne}
				isSetofReturn: ${setof.isSetofReturn}
			}`
			: '';
		return `${type}${array}\n${options}`;
	};

	const argsType = (schema: string, inArgs: FunctionArg[]) =>
		`{ ${inArgs
			.map((arg) => `${q(arg.name)}${arg.hasDefault ? '?' : ''}: ${typeIdToTs(schema, arg.typeId)}`)
			.join('; ')} }`;

	const typeName = (typeId: number) => typesById.get(typeId)?.name ?? 'unknown';
	const conflict = (
		schema: string,
		group: SchemaFunction[],
		own: SchemaFunction,
	): string | null => {
		if (group.length <= 1) return null;
		const { fn, inArgs } = own;
		if (inArgs.length === 0) {
			const other = group.find(
				(o) =>
					o !== own && o.inArgs.length === 1 && o.inArgs[0]!.name === '' && o.inArgs[0]!.hasDefault,
			);
			if (other) {
				return `Could not choose the best candidate function between: ${schema}.${fn.name}(), ${schema}.${fn.name}( => ${typeName(other.fn.returnTypeId)}). Try renaming the parameters or the function itself in the database so function overloading can be resolved`;
			}
		}
		if (inArgs.length === 1 && inArgs[0]!.name !== '') {
			const others = group.filter(
				(o) =>
					o !== own &&
					o.inArgs.length === 1 &&
					o.inArgs[0]!.name === inArgs[0]!.name &&
					o.inArgs[0]!.typeId !== inArgs[0]!.typeId,
			);
			if (others.length > 0) {
				const list = [own, ...others]
					.sort((a, b) => (a.inArgs[0]?.typeId ?? 0) - (b.inArgs[0]?.typeId ?? 0))
					.map(
						(o) =>
							`${schema}.${fn.name}(${o.inArgs.map((a) => `${a.name} => ${typeName(a.typeId)}`).join(', ')})`,
					)
					.join(', ');
				return `Could not choose the best candidate function between: ${list}. Try renaming the parameters or the function itself in the database so function overloading can be resolved`;
			}
		}
		return null;
	};

	const signatures = (schema: string, group: SchemaFunction[]) =>
		group
			.map((own) => {
				const { fn, inArgs } = own;
				const args = inArgs.length > 0 ? argsType(schema, inArgs) : 'never';
				const problem = conflict(schema, group, own);
				const rowArgumentWithoutTarget =
					inArgs.length === 1 &&
					inArgs[0]!.name === '' &&
					relationTypes.has(inArgs[0]!.typeId) &&
					!returnedRelationName(fn);
				let returns = returnType(schema, fn);
				if (problem) returns = `{ error: true } & ${q(problem)}`;
				else if (rowArgumentWithoutTarget) {
					returns = `{ error: true } & ${q(`the function ${schema}.${fn.name} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`)}`;
				}
				return `{ Args: ${args}; Returns: ${returnsWithSetof(fn, returns)} }`;
			})
			.join(' |\n');

	// Expanded like the CLI's: Prettier keeps an object literal open when the source breaks after `{`.
	const section = (entries: string[]) =>
		`{\n${entries.length === 0 ? '[_ in never]: never' : entries.join('\n')}\n}`;
	const block = (entries: string[]) => `{\n${entries.join('\n')}\n}`;
	const computedFields = (schema: string, relation: RelationInfo) =>
		(functionsBySchema.get(schema) ?? [])
			.filter(({ fn }) => fn.argumentTypes === relation.name)
			.map(({ fn }) => `${q(fn.name)}: ${nullable(returnType(schema, fn), true)}`);

	const renderSchema = (schema: string): string => {
		const byName = (a: RelationInfo, b: RelationInfo) => compare(a.name, b.name);
		const schemaTables = tables.filter((t) => t.schema === schema).sort(byName);
		const schemaViews = catalog.relations
			.filter((r) => r.schema === schema && r.kind !== 'table')
			.sort(byName);
		const schemaFunctions = functionsBySchema.get(schema) ?? [];
		const schemaTypes = (wanted: (t: TypeInfo) => boolean) =>
			catalog.types
				.filter((t) => t.schema === schema && wanted(t))
				.sort((a, b) => compare(a.name, b.name));
		const enums = schemaTypes((t) => t.enums.length > 0);
		const composites = schemaTypes((t) => t.attributes.length > 0);

		const tableEntries = schemaTables.map((table) => {
			const columns = columnsOf(table);
			const insert = columns.map((c) =>
				c.identityGeneration === 'ALWAYS'
					? `${q(c.name)}?: never`
					: field(schema, c, c.isNullable || c.isIdentity || c.defaultValue !== null, c.isNullable),
			);
			const update = columns.map((c) =>
				c.identityGeneration === 'ALWAYS'
					? `${q(c.name)}?: never`
					: field(schema, c, true, c.isNullable),
			);
			return `${q(table.name)}: {
				Row: ${block([...columns.map((c) => field(schema, c, false, c.isNullable)), ...computedFields(schema, table)])}
				Insert: ${block(insert)}
				Update: ${block(update)}
				Relationships: [\n${relationshipsOf(table)}\n]
			}`;
		});

		const viewEntries = schemaViews.map((view) => {
			const columns = columnsOf(view);
			const writable = columns.map((c) =>
				c.isUpdatable ? field(schema, c, true, true) : `${q(c.name)}?: never`,
			);
			const writes =
				view.kind === 'view' && view.isUpdatable
					? `Insert: ${block(writable)}
					Update: ${block(writable)}\n`
					: '';
			return `${q(view.name)}: {
				Row: ${block([...columns.map((c) => field(schema, c, false, c.isNullable)), ...computedFields(schema, view)])}
				${writes}Relationships: [\n${relationshipsOf(view)}\n]
			}`;
		});

		const groups = new Map<string, SchemaFunction[]>();
		for (const entry of schemaFunctions) {
			groups.set(entry.fn.name, [...(groups.get(entry.fn.name) ?? []), entry]);
		}
		const functionEntries = [...groups].map(([name, group]) => {
			group.sort(
				(a, b) =>
					compare(a.fn.argumentTypes, b.fn.argumentTypes) ||
					compare(a.fn.returnType, b.fn.returnType),
			);
			return `${q(name)}:\n${signatures(schema, group)}`;
		});

		const enumEntries = enums.map((t) => `${q(t.name)}: ${t.enums.map(q).join(' | ')}`);
		const compositeEntries = composites.map(
			(t) =>
				`${q(t.name)}: ${block(
					t.attributes.map((a) => `${q(a.name)}: ${nullable(typeIdToTs(schema, a.typeId), true)}`),
				)}`,
		);

		return `${q(schema)}: {
			Tables: ${section(tableEntries)}
			Views: ${section(viewEntries)}
			Functions: ${section(functionEntries)}
			Enums: ${section(enumEntries)}
			CompositeTypes: ${section(compositeEntries)}
		}`;
	};

	const constants = schemas.map((schema) => {
		const enums = catalog.types
			.filter((t) => t.schema === schema && t.enums.length > 0)
			.sort((a, b) => compare(a.name, b.name));
		const entries = enums.map((t) => `${q(t.name)}: [${t.enums.map(q).join(', ')}]`);
		return `${q(schema)}: {\nEnums: {\n${entries.join(',\n')}\n}\n}`;
	});

	return `export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
	${schemas.map(renderSchema).join('\n')}
}

${HELPER_TYPES.replace('%DEFAULT_SCHEMA%', q(defaultSchema))}

export const Constants = {
	${constants.join(',\n')}
} as const
`;
}

// The CLI's helpers for naming a table's Row, Insert and Update, an enum or a composite type.
const HELPER_TYPES = `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, %DEFAULT_SCHEMA%>]

export type Tables<
	DefaultSchemaTableNameOrOptions extends
		| keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
		| { schema: keyof DatabaseWithoutInternals },
	TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
		? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
				DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
		: never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
	? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
			DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
			Row: infer R
		}
		? R
		: never
	: DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
		? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
				Row: infer R
			}
			? R
			: never
		: never

export type TablesInsert<
	DefaultSchemaTableNameOrOptions extends
		| keyof DefaultSchema["Tables"]
		| { schema: keyof DatabaseWithoutInternals },
	TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
		? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
		: never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
	? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
			Insert: infer I
		}
		? I
		: never
	: DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
		? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
				Insert: infer I
			}
			? I
			: never
		: never

export type TablesUpdate<
	DefaultSchemaTableNameOrOptions extends
		| keyof DefaultSchema["Tables"]
		| { schema: keyof DatabaseWithoutInternals },
	TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
		? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
		: never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
	? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
			Update: infer U
		}
		? U
		: never
	: DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
		? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
				Update: infer U
			}
			? U
			: never
		: never

export type Enums<
	DefaultSchemaEnumNameOrOptions extends
		| keyof DefaultSchema["Enums"]
		| { schema: keyof DatabaseWithoutInternals },
	EnumName extends DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
		? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
		: never = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
	? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
	: DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
		? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
		: never

export type CompositeTypes<
	PublicCompositeTypeNameOrOptions extends
		| keyof DefaultSchema["CompositeTypes"]
		| { schema: keyof DatabaseWithoutInternals },
	CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
		schema: keyof DatabaseWithoutInternals
	}
		? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
		: never = never,
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
	? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
	: PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
		? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
		: never`;
