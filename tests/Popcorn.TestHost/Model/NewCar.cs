namespace Popcorn.TestHost.Model;

/// <summary>The body of <c>POST /api/cars</c>.</summary>
/// <param name="Make">Manufacturer.</param>
/// <param name="Model">Model name.</param>
/// <param name="Year">Model year.</param>
/// <param name="Color">Paint colour.</param>
/// <param name="LicensePlate">Registration, if any.</param>
/// <param name="OwnerId">The employee who will drive it, if any.</param>
public sealed record NewCar(string Make, string Model, int Year, string Color, string? LicensePlate, int? OwnerId);
