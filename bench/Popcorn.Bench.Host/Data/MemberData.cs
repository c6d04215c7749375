using Popcorn.Bench.Host.Models;

namespace Popcorn.Bench.Host.Data;

/// <summary>
/// The cyclic data set: <see cref="Count"/> members in teams of 16. Each team's lead manages three members who manage
/// the rest, and each team points back at its lead, so every member's graph holds a real cycle.
/// </summary>
public sealed class MemberData
{
    /// <summary>Members in the list.</summary>
    public const int Count = 1_024;

    private const int TeamSize = 16;

    private static readonly string[] s_firstNames = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Margaret", "Dennis", "Radia", "Niklaus", "Sophie", "Tim", "Hedy", "Linus"];
    private static readonly string[] s_lastNames = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson", "Hamilton", "Ritchie", "Perlman", "Wirth", "Wilson", "Berners-Lee", "Lamarr", "Torvalds"];
    private static readonly string[] s_skills = ["C#", "SQL", "TypeScript", "Go", "Kubernetes", "Rust"];

    /// <summary>The members, built once.</summary>
    public List<Member> Members { get; } = Build();

    private static List<Member> Build()
    {
        var members = new List<Member>(Count);
        for (int i = 0; i < Count; i++)
        {
            members.Add(new Member
            {
                Id = i + 1,
                FirstName = s_firstNames[i % s_firstNames.Length],
                LastName = s_lastNames[(i / s_firstNames.Length + i) % s_lastNames.Length],
                Email = $"member{i + 1}@example.com",
                Salary = i % 7 == 0 ? null : 40_000m + (i * 137 % 60_000),
                Skills = [s_skills[i % s_skills.Length], s_skills[(i + 2) % s_skills.Length]],
            });
        }

        for (int first = 0; first < Count; first += TeamSize)
        {
            var team = new Team { Id = first / TeamSize + 1, Name = $"Team {first / TeamSize + 1}", Lead = members[first] };
            for (int at = 0; at < TeamSize && first + at < Count; at++)
            {
                var member = members[first + at];
                member.Team = team;
                member.Manager = at switch
                {
                    0 => null,
                    <= 3 => members[first],
                    _ => members[first + 1 + (at % 3)],
                };
            }
        }

        return members;
    }
}
