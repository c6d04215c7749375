namespace Popcorn.Playground.Staff;

/// <summary>The engineering staff: 3 managers and 6 engineers in a fixed tree, the same on every start.</summary>
public sealed class StaffData
{
    public StaffData()
    {
        Engineer Engineer(int id, string name, int level, params string[] languages) =>
            new() { Id = id, Name = name, Email = Email(name), Level = level, Languages = [.. languages] };

        var platform = new Manager
        {
            Id = 2, Name = "Ines Okafor", Email = Email("Ines Okafor"), Team = "Platform",
            Reports = [Engineer(4, "Tomas Lind", 3, "C#", "SQL"), Engineer(5, "Mei Tanaka", 4, "C#", "Rust"), Engineer(6, "Lea Brandt", 1, "TypeScript")],
        };
        var product = new Manager
        {
            Id = 3, Name = "Ravi Menon", Email = Email("Ravi Menon"), Team = "Product",
            Reports = [Engineer(7, "Sara Costa", 2, "TypeScript", "C#"), Engineer(8, "Jon Berg", 5, "C#"), Engineer(9, "Ada Nwosu", 3, "Python")],
        };
        var head = new Manager { Id = 1, Name = "Grace Ito", Email = Email("Grace Ito"), Team = "Engineering", Reports = [platform, product] };

        var all = new List<StaffMember> { head, platform, product };
        all.AddRange(platform.Reports);
        all.AddRange(product.Reports);
        Members = [.. all.OrderBy(m => m.Id)];
    }

    /// <summary>Everyone, by id.</summary>
    public List<StaffMember> Members { get; }

    /// <summary>One member by id, or null.</summary>
    public StaffMember? Find(int id) => Members.FirstOrDefault(m => m.Id == id);

    private static string Email(string name) => name.ToLowerInvariant().Replace(' ', '.') + "@example.com";
}
