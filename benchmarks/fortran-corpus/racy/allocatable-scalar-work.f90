! race: yes
! An allocatable work array shared by all iterations as scratch.
program allocatable_scalar_work
  implicit none
  integer :: i
  real, allocatable :: tmp(:)
  real :: out(200)
  allocate(tmp(4))
  !$omp parallel do
  do i = 1, 200
    tmp(1) = i
    tmp(2) = tmp(1) * 2
    out(i) = tmp(2)
  end do
  !$omp end parallel do
  print *, out(7)
end program
