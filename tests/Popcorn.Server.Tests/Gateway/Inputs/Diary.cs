using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;
using Popcorn;

namespace Popcorn.Server.Tests.Gateway.Inputs;

/// <summary>An appointment of the date input tests' diary: one member of every date and time type, and an enum to filter by.</summary>
public sealed class Appointment
{
    [Always] public int Id { get; init; }

    [Default] public required string Title { get; set; }

    [Default, Filterable] public DateTimeOffset At { get; set; }

    [Default, Filterable] public DateOnly Day { get; init; }

    [Default] public TimeOnly? Start { get; init; }

    [Default, Filterable] public DateTime? Logged { get; init; }

    public List<DateOnly> Reminders { get; init; } = [];

    [Filterable] public AppointmentKind Kind { get; init; }
}

/// <summary>What an appointment is, written as its name: its <c>where</c> comparison is typed by the enum.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<AppointmentKind>))]
public enum AppointmentKind
{
    Visit,
    Call,
}

/// <summary>What booking takes: dates required and optional, a list of dates, and one date the app reads its own way.</summary>
public sealed class BookInput
{
    public required string Title { get; init; }

    public required DateTimeOffset At { get; init; }

    public required DateOnly Day { get; init; }

    public TimeOnly? Start { get; init; }

    public DateTime? Logged { get; init; }

    public List<DateOnly>? Reminders { get; init; }

    /// <summary>Read by a converter of the app's (<c>05/01/2026</c>): its text is the app's business, so it is a <c>String</c>.</summary>
    [JsonConverter(typeof(DayFirstDateConverter))]
    public DateOnly? WrittenOn { get; init; }
}

/// <summary>The app's own date format, <c>dd/MM/yyyy</c>.</summary>
public sealed class DayFirstDateConverter : JsonConverter<DateOnly>
{
    public override DateOnly Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        DateOnly.ParseExact(reader.GetString()!, "dd/MM/yyyy", CultureInfo.InvariantCulture);

    public override void Write(Utf8JsonWriter writer, DateOnly value, JsonSerializerOptions options) =>
        writer.WriteStringValue(value.ToString("dd/MM/yyyy", CultureInfo.InvariantCulture));
}

/// <summary>The diary the mutations change, in memory, starting with appointment 1.</summary>
public sealed class Diary
{
    private readonly Lock _lock = new();
    private readonly List<Appointment> _appointments =
    [
        new() { Id = 1, Title = "Dentist", At = new DateTimeOffset(2026, 1, 5, 9, 0, 0, TimeSpan.FromHours(1)), Day = new DateOnly(2026, 1, 5) },
        new() { Id = 2, Title = "Bank", At = new DateTimeOffset(2026, 1, 6, 14, 0, 0, TimeSpan.Zero), Day = new DateOnly(2026, 1, 6), Kind = AppointmentKind.Call },
    ];

    /// <summary>How many times a resolver ran: a refused document runs none.</summary>
    public int Calls { get; private set; }

    public IReadOnlyList<Appointment> On(DateOnly? day)
    {
        lock (_lock)
        {
            Calls++;
            return _appointments.Where(a => day is null || a.Day == day).ToList();
        }
    }

    public Appointment Book(BookInput input)
    {
        lock (_lock)
        {
            Calls++;
            var appointment = new Appointment
            {
                Id = _appointments.Max(a => a.Id) + 1,
                Title = input.Title,
                At = input.At,
                Day = input.WrittenOn ?? input.Day,
                Start = input.Start,
                Logged = input.Logged,
                Reminders = input.Reminders ?? [],
            };
            _appointments.Add(appointment);
            return appointment;
        }
    }

    public Appointment Move(int id, DateTimeOffset at)
    {
        lock (_lock)
        {
            Calls++;
            var appointment = _appointments.Single(a => a.Id == id);
            appointment.At = at;
            return appointment;
        }
    }
}

/// <summary>The diary's Popcorn context.</summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Appointment))]
[JsonSerializable(typeof(List<Appointment>))]
[JsonSerializable(typeof(IReadOnlyList<Appointment>))]
public partial class DiaryJsonContext : JsonSerializerContext;

/// <summary>The diary app's JSON context for request bodies, where the gateway finds <see cref="BookInput"/>.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(BookInput))]
public partial class DiaryInputsJsonContext : JsonSerializerContext;
