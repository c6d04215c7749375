using System.Runtime.CompilerServices;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The columns of a plan written as a table: one per selected scalar, nested objects flattened into dotted names
/// (<c>manager.firstName</c>), in the order the JSON writer writes the keys. Worked out once per plan (plans are cached,
/// so a layout is too) and refused when the selection cannot be a table: a list or map anywhere in it, or an object
/// that nests itself without end (a wildcard over a cycle). See docs/formats.md.
/// </summary>
internal sealed class TableLayout
{
    private static readonly ConditionalWeakTable<SelectionPlan, TableLayout> s_byPlan = new();

    private TableLayout(TableNode root, IReadOnlyList<string> columns, int depth, string? refusedField, string? refusal)
    {
        Root = root;
        Columns = columns;
        Depth = depth;
        RefusedField = refusedField;
        Refusal = refusal;
    }

    /// <summary>The top level: the row's object.</summary>
    public TableNode Root { get; }

    /// <summary>The column names, dotted for nested objects, as the header row names them.</summary>
    public IReadOnlyList<string> Columns { get; }

    /// <summary>How many nested object levels a row has below its own.</summary>
    public int Depth { get; }

    /// <summary>The dotted path of the field that keeps the selection from being a table; null when it fits.</summary>
    public string? RefusedField { get; }

    /// <summary>Why the selection cannot be a table, in words for the 406 problem; null when it fits.</summary>
    public string? Refusal { get; }

    /// <summary>Whether the selection can be written as a table.</summary>
    public bool Fits => Refusal is null;

    /// <summary>The layout of <paramref name="plan"/>, made on first use and kept as long as the plan.</summary>
    public static TableLayout Of(SelectionPlan plan) => s_byPlan.GetValue(plan, static plan => Build(plan));

    private static TableLayout Build(SelectionPlan plan)
    {
        var builder = new Builder();
        var root = new TableNode();
        int depth = 0;
        builder.Fill(root, plan, prefix: string.Empty, level: 0, ref depth);
        return new TableLayout(root, builder.Columns, depth, builder.RefusedField, builder.Refusal);
    }

    private sealed class Builder
    {
        private readonly HashSet<SelectionPlan> _onPath = new(ReferenceEqualityComparer.Instance);

        public List<string> Columns { get; } = [];

        public string? RefusedField { get; private set; }

        public string? Refusal { get; private set; }

        /// <summary>
        /// Adds the keys of <paramref name="plan"/> (and of its derived types' plans: a polymorphic level has the
        /// union of their columns, empty where a row's type lacks one) to <paramref name="node"/>.
        /// </summary>
        public void Fill(TableNode node, SelectionPlan plan, string prefix, int level, ref int depth)
        {
            depth = Math.Max(depth, level);
            _onPath.Add(plan);
            if (plan.WritesDiscriminator && plan.Type.Polymorphism is { } polymorphism)
            {
                AddColumn(node, polymorphism.EncodedDiscriminatorPropertyName.EncodedUtf8Bytes, prefix + polymorphism.DiscriminatorPropertyName);
            }

            AddFields(node, plan, prefix, level, ref depth);
            foreach (var derived in plan.DerivedPlans)
            {
                if (!ReferenceEquals(derived, plan))
                {
                    AddFields(node, derived, prefix, level, ref depth);
                }
            }

            _onPath.Remove(plan);
        }

        private void AddFields(TableNode node, SelectionPlan plan, string prefix, int level, ref int depth)
        {
            foreach (var planned in plan.Fields)
            {
                if (Refusal is not null)
                {
                    return;
                }

                var key = planned.EncodedOutputName.EncodedUtf8Bytes;
                if (node.Contains(key))
                {
                    continue;
                }

                string name = prefix + planned.OutputName;
                var field = planned.Field;
                if (planned.Aggregate is { } aggregate)
                {
                    // An aggregate is one small object of numbers: a column per key, as for a nested object.
                    var numbers = new TableNode();
                    node.AddChild(key, numbers);
                    foreach (var measure in aggregate.Measures)
                    {
                        if (measure.Groups is not null)
                        {
                            Refuse(name + "." + measure.OutputName, $"'{name}.{measure.OutputName}' is a list of groups, which does not fit in a table of one row per element and one column per field. Leave it out of the selection, or ask for application/json or application/jsonl.");
                            return;
                        }

                        AddColumn(numbers, measure.EncodedOutputName.EncodedUtf8Bytes, name + "." + measure.OutputName);
                    }
                }
                else if (field is null || field.Kind == FieldKind.Scalar || (field.Kind == FieldKind.Object && planned.Child is null))
                {
                    // A scalar, __typename, or a value System.Text.Json writes whole: one cell.
                    AddColumn(node, key, name);
                }
                else if (field.Kind == FieldKind.Object && planned.Child is { } child)
                {
                    if (_onPath.Contains(child))
                    {
                        Refuse(name, $"'{name}' nests {child.Type.Name} inside itself without end (a wildcard or defaults over a cycle), which has no fixed set of columns. Name the nested fields to write instead.");
                        return;
                    }

                    var nested = new TableNode();
                    node.AddChild(key, nested);
                    Fill(nested, child, name + ".", level + 1, ref depth);
                }
                else
                {
                    string what = field.Kind == FieldKind.Map ? "a map" : "a list";
                    Refuse(name, $"'{name}' is {what}, which does not fit in a table of one row per element and one column per field. Leave it out of the selection (-{planned.OutputName}), or ask for application/json or application/jsonl.");
                    return;
                }
            }
        }

        private void AddColumn(TableNode node, ReadOnlySpan<byte> key, string name)
        {
            if (!node.Contains(key))
            {
                node.AddColumn(key, Columns.Count);
                Columns.Add(name);
            }
        }

        private void Refuse(string field, string reason)
        {
            RefusedField = field;
            Refusal = reason;
        }
    }
}
