! race: no
! A halo exchange offloaded with target teams distribute parallel do simd collapse(2): the loop indices are each work item's own.
module target_halo_mod
  implicit none
  integer, parameter :: hs = 2, nv = 4
  integer :: nx, nz
  real(8), allocatable :: state(:,:,:)
contains
  subroutine halo_z()
    integer :: i, ll
    !$omp target teams distribute parallel do simd collapse(2)
    do ll = 1, nv
      do i = 1 - hs, nx + hs
        state(i, -1, ll) = state(i, 1, ll)
        state(i, 0, ll) = state(i, 1, ll)
        state(i, nz + 1, ll) = state(i, nz, ll)
        state(i, nz + 2, ll) = state(i, nz, ll)
      end do
    end do
  end subroutine
end module
program target_halo_indices
  use target_halo_mod
  implicit none
  nx = 8
  nz = 6
  allocate(state(1-hs:nx+hs, 1-hs:nz+hs, nv))
  state = 1.0d0
  call halo_z()
  print *, state(1, 0, 1)
end program
